import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  /** Port the browser sees, when a proxy sits in front; defaults to PORT. */
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(true),
  /** JSON object mapping storefront ids to real host names, e.g. {"nl":"www.shop.nl"}. */
  STOREFRONT_HOSTS: z.string().optional(),
  DEMO_DATA: booleanString.default(true),
  /** Background jobs this process runs at once (0: none, for API-only replicas). */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_CHAT_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Where `npm start` was typed: relative paths are read from there. */
  INIT_CWD: z.string().optional(),
});

export interface S3Config {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  publicPort: number;
  publicScheme: 'http' | 'https';
  dataDir: string;
  databaseUrl: string | undefined;
  s3: S3Config | undefined;
  storefrontHosts: Record<string, string>;
  demoData: boolean;
  jobConcurrency: number;
  logLevel: string;
  supportChatScriptUrl: string | undefined;
  webDistDir: string;
  localesDir: string;
  migrationsDir: string;
}

export class ConfigError extends Error {}

/** The only reader of the environment: every setting is validated here, once, at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const baseDir = values.INIT_CWD ?? process.cwd();
  return {
    port: values.PORT,
    host: values.HOST,
    publicPort: values.PUBLIC_PORT ?? values.PORT,
    publicScheme: values.PUBLIC_SCHEME,
    dataDir: path.resolve(baseDir, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    s3: readS3Config(values),
    storefrontHosts: parseStorefrontHosts(values.STOREFRONT_HOSTS),
    demoData: values.DEMO_DATA,
    jobConcurrency: values.JOB_CONCURRENCY,
    logLevel: values.LOG_LEVEL,
    supportChatScriptUrl: values.SUPPORT_CHAT_SCRIPT_URL,
    webDistDir: path.resolve(baseDir, values.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    localesDir: path.join(repoRoot, 'apps/web/locales'),
    migrationsDir: path.join(repoRoot, 'apps/server/migrations'),
  };
}

function readS3Config(values: z.infer<typeof EnvSchema>): S3Config | undefined {
  if (!values.S3_BUCKET) return undefined;
  if (!values.S3_ACCESS_KEY_ID || !values.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    bucket: values.S3_BUCKET,
    accessKeyId: values.S3_ACCESS_KEY_ID,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

function parseStorefrontHosts(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ConfigError(
      'Invalid configuration: STOREFRONT_HOSTS must be a JSON object like {"nl":"www.shop.nl"}',
    );
  }
  const result = z.record(z.string(), z.string().min(1)).safeParse(value);
  if (!result.success) {
    throw new ConfigError('Invalid configuration: STOREFRONT_HOSTS must map storefront ids to host names');
  }
  return result.data;
}
