import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` for every other page
 * address so the client router can take over.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
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
    return reply.sendFile('index.html');
  });
  return true;
}
