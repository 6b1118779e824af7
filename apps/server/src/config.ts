import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  /** `production` (the image sets it) refuses every development switch below (see `productionRefusals`). */
  NODE_ENV: z.string().optional(),
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
  /** Demo accounts with a known password and their photos and orders: the demo start (`npm start`) only. */
  DEMO_DATA: booleanString.default(false),
  /**
   * The local test payment provider: a page of this product where the customer presses 'Pay' and no
   * money moves (decision 086). Only the demo start and the end-to-end tests switch it on.
   */
  TEST_PAYMENTS: booleanString.default(false),
  /** Background jobs this process runs at once (0: none, for API-only replicas). */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_CHAT_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** An SMTP relay, e.g. smtp://user:pass@relay:587 (smtps:// for TLS from the start); unset: mails are captured. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender address of every mail; the sender name is the storefront's. */
  MAIL_FROM: z.email().optional(),
  /** The local mailbox page of captured mails (/dev/mailbox): on by default without SMTP_URL. */
  MAILBOX_ENABLED: booleanString.optional(),
  /**
   * The proxies in front (load balancer, TLS terminator): their addresses or CIDR ranges, comma
   * separated. Without it, every request seems to come from the proxy, and the per-network-address
   * limits would count all customers as one.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, 'a comma-separated list of addresses or CIDR ranges')
    .optional(),
  /** Failed sign-ins from one network address, over all e-mail addresses, per 15 minutes (password spraying). */
  SIGN_IN_FAILURES_PER_NETWORK: z.coerce.number().int().min(1).default(50),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Calls of the shop-side API per minute, all the shop's tokens together: room for a bulk sync. */
  SHOP_API_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  /**
   * End-to-end tests only: the time of time-based rules (orders in progress, storage period, link
   * expiry) can be moved forward at /dev/clock from this machine. Never set in a deployment.
   */
  TEST_CLOCK: booleanString.default(false),
  /** Files one customer may start uploading per hour. */
  UPLOAD_FILES_PER_HOUR: z.coerce.number().int().min(1).default(3000),
  /** Originals one customer may keep, in GiB (decimals allowed). */
  PHOTO_STORAGE_QUOTA_GB: z.coerce.number().positive().default(100),
  /**
   * This product mails 'your order is on its way' when the shop reports a dispatch (issue 20); false
   * where the shop's own systems send that mail.
   */
  ORDER_SENT_MAILS: booleanString.default(true),
  /** The shop's order-prints switch (docs/product/albums.md: order prints needs it and the product's capability). */
  PRINTS_ORDERING: booleanString.default(true),
  /**
   * The shop's prints editor, where 'Order prints' sends a selection (decision 088); by default this
   * product's own prints-order page on each storefront's origin.
   */
  PRINTS_EDITOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The EU's VIES REST service (e.g. https://ec.europa.eu/taxation_customs/vies/rest-api), asked
   * whether an EU VAT id a business customer gives is registered (decision 126); unset: ids are
   * checked offline, by their country's format and checksum only (the default).
   */
  VIES_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Deep link of the shop's mobile app, where phones add photos to an album (docs/product/albums.md); none by default. */
  NATIVE_APP_URL: z.string().min(1).optional(),
  /** Where business customers send order files (the FTP instructions page, docs/product/routes.md). */
  FTP_HOST: z.string().min(1).default('ftp.photoshop.example'),
  FTP_PORT: z.coerce.number().int().min(1).max(65535).default(21),
  /**
   * Exact origins (e.g. http://127.0.0.1:9000) that callbacks may reach although they are not https
   * or not public: a receiver on this machine in development and tests. Never set in production.
   */
  CALLBACK_ALLOWED_ORIGINS: z.string().optional(),
  /**
   * The shop's service token for the shop-side API (docs/shop-integration.md), at least 32 characters;
   * during a rotation two, comma-separated (new first), both taken (docs/operations.md).
   * Unset: one is made once, kept in the database and written to DATA_DIR/shop-api-token for `npm run shop`.
   */
  SHOP_API_TOKEN: z
    .string()
    .transform((text) => text.split(',').map((token) => token.trim()))
    .pipe(z.array(z.string().min(32)).min(1).max(2))
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** This replica's name, sent as the `x-replica` response header and in its logs; default host name and pid. */
  REPLICA_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dots, dashes and underscores, at most 64')
    .optional(),
  /** Prometheus metrics (`GET /metrics`) on this port of their own; unset: no metrics (the default). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** An OTLP/HTTP collector, e.g. http://collector:4318: traces go to `<it>/v1/traces`; unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The `service.name` of this system's traces. */
  OTEL_SERVICE_NAME: z.string().min(1).default('photo-account-area'),
  /** How long a claimed job stays a worker's without renewal: a killed worker's jobs return after it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(15),
  /** On SIGTERM, how long running jobs may take before they are handed back to another worker. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(20),
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

export interface MailConfig {
  /** Unset: mails are captured in the outbox instead of sent. */
  smtpUrl: string | undefined;
  fromAddress: string;
  /** The local mailbox page, only ever without SMTP. */
  mailboxEnabled: boolean;
}

/**
 * Production (`NODE_ENV=production`) serves real customers: nothing meant for a demo or a test may be
 * in effect. Development is everything else: a developer's machine, the demo, the tests.
 */
export type RunMode = 'production' | 'development';

export interface AppConfig {
  runMode: RunMode;
  port: number;
  host: string;
  publicPort: number;
  publicScheme: 'http' | 'https';
  dataDir: string;
  databaseUrl: string | undefined;
  s3: S3Config | undefined;
  storefrontHosts: Record<string, string>;
  demoData: boolean;
  /** The local test payment provider and its page (`/test-payments/…`) instead of a real provider. */
  testPayments: boolean;
  jobConcurrency: number;
  jobLeaseSeconds: number;
  logLevel: string;
  /** /dev/clock moves the time of time-based rules (end-to-end tests only). */
  testClock: boolean;
  supportChatScriptUrl: string | undefined;
  mail: MailConfig;
  /** Addresses (or CIDR ranges) of the proxies allowed to name the client's address; empty: none. */
  trustedProxies: string[];
  limits: UsageLimits;
  printsOrdering: boolean;
  /** Mail the customer when the shop reports an order dispatched (false: the shop mails its own). */
  orderSentMails: boolean;
  /** Unset: the storefront's own `/prints-order` page. */
  printsEditorUrl: string | undefined;
  /** Unset: VAT ids are checked offline only (decision 126). */
  viesUrl: string | undefined;
  nativeAppUrl: string | undefined;
  replicaId: string;
  shutdownGraceMs: number;
  /** Unset: metrics are off. */
  metricsPort: number | undefined;
  /** Unset: tracing is off (decision 114). */
  tracing: TracingConfig | undefined;
  integration: IntegrationConfig;
  /** The shop's service tokens, new first; empty: made and kept by the server. */
  shopApiTokens: string[];
  webDistDir: string;
  localesDir: string;
  migrationsDir: string;
}

/** Where OpenTelemetry traces go (OTLP over HTTP). */
export interface TracingConfig {
  /** The collector's base address; spans are posted to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

/** The FTP drop for order files and the callback rules of the B2B integration. */
export interface IntegrationConfig {
  ftpHost: string;
  ftpPort: number;
  /** Folders below each customer's FTP home. */
  ftpFolders: { incoming: string; processed: string; failed: string };
  callbackAllowedOrigins: string[];
}

/** What one network address or one customer may do (docs/operations.md). */
export interface UsageLimits {
  signInFailuresPerNetwork: number;
  /** Accounts one network address may register per hour. */
  registrationsPerHour: number;
  shopApiCallsPerMinute: number;
  uploadFilesPerHour: number;
  photoStorageQuotaBytes: number;
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
  const runMode: RunMode = values.NODE_ENV === 'production' ? 'production' : 'development';
  if (runMode === 'production') {
    const refusals = productionRefusals(values);
    if (refusals.length > 0) {
      throw new ConfigError(
        `Refusing to start in production (NODE_ENV=production):\n${refusals.map((refusal) => `- ${refusal}`).join('\n')}`,
      );
    }
  }
  const baseDir = values.INIT_CWD ?? process.cwd();
  return {
    runMode,
    port: values.PORT,
    host: values.HOST,
    publicPort: values.PUBLIC_PORT ?? values.PORT,
    publicScheme: values.PUBLIC_SCHEME,
    dataDir: path.resolve(baseDir, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    s3: readS3Config(values),
    storefrontHosts: parseStorefrontHosts(values.STOREFRONT_HOSTS),
    demoData: values.DEMO_DATA,
    testPayments: values.TEST_PAYMENTS,
    jobConcurrency: values.JOB_CONCURRENCY,
    jobLeaseSeconds: values.JOB_LEASE_SECONDS,
    logLevel: values.LOG_LEVEL,
    testClock: values.TEST_CLOCK,
    supportChatScriptUrl: values.SUPPORT_CHAT_SCRIPT_URL,
    mail: readMailConfig(values, runMode),
    trustedProxies: values.TRUST_PROXY ? values.TRUST_PROXY.split(',').map((entry) => entry.trim()) : [],
    limits: {
      signInFailuresPerNetwork: values.SIGN_IN_FAILURES_PER_NETWORK,
      registrationsPerHour: values.REGISTRATIONS_PER_HOUR,
      shopApiCallsPerMinute: values.SHOP_API_CALLS_PER_MINUTE,
      uploadFilesPerHour: values.UPLOAD_FILES_PER_HOUR,
      photoStorageQuotaBytes: Math.round(values.PHOTO_STORAGE_QUOTA_GB * 1024 ** 3),
    },
    printsOrdering: values.PRINTS_ORDERING,
    orderSentMails: values.ORDER_SENT_MAILS,
    printsEditorUrl: values.PRINTS_EDITOR_URL,
    viesUrl: values.VIES_URL,
    nativeAppUrl: values.NATIVE_APP_URL,
    replicaId: values.REPLICA_ID ?? `${hostname()}-${process.pid}`,
    shutdownGraceMs: values.SHUTDOWN_GRACE_SECONDS * 1000,
    metricsPort: values.METRICS_PORT,
    tracing: values.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: values.OTEL_SERVICE_NAME }
      : undefined,
    integration: {
      ftpHost: values.FTP_HOST,
      ftpPort: values.FTP_PORT,
      ftpFolders: { incoming: '/orders/incoming', processed: '/orders/processed', failed: '/orders/failed' },
      callbackAllowedOrigins: parseOrigins(values.CALLBACK_ALLOWED_ORIGINS),
    },
    shopApiTokens: values.SHOP_API_TOKEN ?? [],
    webDistDir: path.resolve(baseDir, values.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    localesDir: path.join(repoRoot, 'apps/web/locales'),
    migrationsDir: path.join(repoRoot, 'apps/server/migrations'),
  };
}

function readS3Config(values: EnvValues): S3Config | undefined {
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

type EnvValues = z.infer<typeof EnvSchema>;

/**
 * Every setting that would put a demo or test aid in front of real customers, each named with what
 * it would do. One list, read at start: a production start with any of them stops before it listens.
 */
function productionRefusals(values: EnvValues): string[] {
  const refusals: string[] = [];
  if (values.DEMO_DATA)
    refusals.push('DEMO_DATA=true: demo accounts with a published password would be created');
  if (values.TEST_PAYMENTS)
    refusals.push('TEST_PAYMENTS=true: the test payment page would let customers mark their own orders paid');
  if (values.TEST_CLOCK)
    refusals.push('TEST_CLOCK=true: /dev/clock would let anyone move the time of the rules');
  if (values.MAILBOX_ENABLED) refusals.push("MAILBOX_ENABLED=true: /dev/mailbox would show customers' mails");
  if (!values.SMTP_URL)
    refusals.push('SMTP_URL is not set: mails would be kept in the local mailbox instead of sent');
  if (!values.SHOP_API_TOKEN)
    refusals.push(
      "SHOP_API_TOKEN is not set: the shop-side API's token would be made up and written to disk",
    );
  if (values.CALLBACK_ALLOWED_ORIGINS)
    refusals.push('CALLBACK_ALLOWED_ORIGINS is set: callbacks could reach this machine and private networks');
  return refusals;
}

function readMailConfig(values: EnvValues, runMode: RunMode): MailConfig {
  if (!values.SMTP_URL) {
    return {
      smtpUrl: undefined,
      fromAddress: values.MAIL_FROM ?? 'no-reply@photoshop.example',
      // Captured mails are a development aid: never a page of them in production (refused above anyway).
      mailboxEnabled: runMode === 'development' && (values.MAILBOX_ENABLED ?? true),
    };
  }
  if (!values.MAIL_FROM) {
    throw new ConfigError('Invalid configuration: SMTP_URL needs MAIL_FROM, the address mails are sent from');
  }
  // With a relay nothing is captured, and a page of mails must never be reachable in a real deployment.
  if (values.MAILBOX_ENABLED) {
    throw new ConfigError('Invalid configuration: MAILBOX_ENABLED cannot be true with SMTP_URL set');
  }
  return { smtpUrl: values.SMTP_URL, fromAddress: values.MAIL_FROM, mailboxEnabled: false };
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

function parseOrigins(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw.split(',').map((entry) => {
    const text = entry.trim();
    let origin: string;
    try {
      origin = new URL(text).origin;
    } catch {
      throw new ConfigError(
        `Invalid configuration: CALLBACK_ALLOWED_ORIGINS has "${text}", which is no origin`,
      );
    }
    if (origin !== text.replace(/\/$/, '')) {
      throw new ConfigError(
        `Invalid configuration: CALLBACK_ALLOWED_ORIGINS takes origins only, not "${text}"`,
      );
    }
    return origin;
  });
}
