import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_PRELOADS_FILE, PagePreloadsSchema, type PagePreloads } from '@photo/contracts/page-preloads';

// Addresses of the server itself: where it has no such route (e.g. /dev/* and /test-payments/* in
// production), the answer is 404, never the web app's page. Matched without case and with or
// without the trailing slash: a client that gets `/shop-api` or `/Shop-Api/...` wrong must be told.
const serverPrefixes = [
  '/api',
  '/oidc',
  '/auth',
  '/dev',
  '/test-payments',
  '/payments',
  '/shop-api',
  '/healthz',
  '/readyz',
];

const isServerAddress = (pathname: string) => {
  const lower = pathname.toLowerCase();
  return serverPrefixes.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
};

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Whether a route table path (`orders/:orderCode`) names this address, and how many fixed segments it has. */
function fixedSegmentsMatched(routePath: string, pathname: string): number | undefined {
  const wanted = routePath.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return undefined;
  let fixed = 0;
  for (const [index, segment] of wanted.entries()) {
    if (segment.startsWith(':')) continue;
    if (segment !== given[index]) return undefined;
    fixed++;
  }
  return fixed;
}

/** The scripts the page at `pathname` loads after its entry script (decision 161). */
export function pageFilesFor(preloads: PagePreloads, pathname: string): string[] {
  let best: { files: string[]; fixed: number } | undefined;
  for (const route of preloads.routes) {
    const fixed = fixedSegmentsMatched(route.path, pathname);
    // As the client router ranks them: a fixed segment beats a parameter.
    if (fixed !== undefined && (!best || fixed > best.fixed)) best = { files: route.files, fixed };
  }
  return [...new Set([...preloads.shell, ...(best?.files ?? [])])];
}

/**
 * The page with links for what its script loads first, placed after the script and the app's style
 * sheet, which come first because nothing shows before they run: the addresses it fetches (config,
 * messages, the session) and the code of the app and of the page asked for. The browser fetches them
 * all while it loads the entry script, instead of each only once the code before it ran.
 */
function withPreloads(html: string, fetches: readonly string[], files: readonly string[]): string {
  const links = [
    ...fetches.map((href) => `<link rel="preload" href="${attribute(href)}" as="fetch" crossorigin>`),
    ...files.map((href) => `<link rel="modulepreload" href="${attribute(href)}" crossorigin>`),
  ];
  const at = html.indexOf('</head>');
  if (links.length === 0 || at < 0) return html;
  return `${html.slice(0, at)}  ${links.join('\n    ')}\n  ${html.slice(at)}`;
}

/** The build's list of what each page loads; none for a build without it (an older one). */
async function readPagePreloads(distDir: string): Promise<PagePreloads | undefined> {
  const text = await readFile(path.join(distDir, PAGE_PRELOADS_FILE), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : PagePreloadsSchema.parse(JSON.parse(text));
}

export interface WebAppOptions {
  /** What a page's script fetches first, for this request (its storefront's config and messages). */
  firstFetches?: (request: FastifyRequest) => readonly string[];
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` for every other page
 * address so the client router can take over.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = {},
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes a brotli and a gzip copy of each script and style sheet (decision 165).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      // The icons and the manifest keep their names from one release to the next: a day, so a page
      // load does not fetch them again, nor twice (the page's icon link and the manifest's).
      void res.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      );
    },
  });
  app.get('/*', async (request, reply) => {
    const file = request.url.split('?')[0]!;
    if (isServerAddress(file)) return reply.callNotFound();
    if (/\.[a-z0-9]+$/i.test(file) && existsSync(path.join(distDir, file))) {
      return reply.sendFile(file.slice(1));
    }
    if (/\.[a-z0-9]+$/i.test(file)) return reply.callNotFound();
    // Read on every page load, as `sendFile` did: a new build is served without a restart.
    const [html, preloads] = await Promise.all([readFile(indexFile, 'utf8'), readPagePreloads(distDir)]);
    const page = withPreloads(
      html,
      options.firstFetches?.(request) ?? [],
      preloads ? pageFilesFor(preloads, file) : [],
    );
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
  return true;
}
