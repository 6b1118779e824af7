import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/**
 * The page with `<link rel="preload">` for the addresses its script fetches first, placed before the
 * script: the browser fetches them while it loads the app's code instead of after it.
 */
function withPreloads(html: string, addresses: readonly string[]): string {
  if (addresses.length === 0) return html;
  const links = addresses.map(
    (href) => `<link rel="preload" href="${attribute(href)}" as="fetch" crossorigin>`,
  );
  const at = html.search(/<script|<\/head>/);
  return at < 0 ? html : `${html.slice(0, at)}${links.join('\n    ')}\n    ${html.slice(at)}`;
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
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-store');
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
    const page = withPreloads(await readFile(indexFile, 'utf8'), options.firstFetches?.(request) ?? []);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
  return true;
}
