import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './html';

/**
 * The stylesheet every page below shares. The sign-in pages were the first of these pages: their
 * asset route (auth/identity-provider.routes.ts) serves it, at the address it has always had.
 */
export const PAGE_ASSETS_PATH = '/oidc/assets';
export const PAGE_STYLESHEET = 'sign-in.css';

/** Who a page is for: the storefront's name, and the language its reader reads. */
export interface PageFrame {
  locale: string;
  vendor: string;
}

/**
 * The one document of the customer-facing server-rendered pages (sign-in, the test payment page,
 * unsubscribe, online photo books): the storefront's name above the page's `main`. No inline script
 * or style anywhere: the content security policy allows only files from this origin.
 */
export function renderPage(
  frame: PageFrame,
  page: {
    title: string;
    main: string;
    /** After the shared stylesheet: the page's own stylesheets and scripts. */
    head?: string;
    /** For public pages whose address is their credential (an online photo book's). */
    noindex?: boolean;
  },
): string {
  const robots = page.noindex ? '<meta name="robots" content="noindex">\n' : '';
  return `<!doctype html>
<html lang="${escapeHtml(frame.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${robots}<title>${escapeHtml(page.title)} | ${escapeHtml(frame.vendor)}</title>
<link rel="stylesheet" href="${PAGE_ASSETS_PATH}/${PAGE_STYLESHEET}">${page.head ?? ''}
</head>
<body>
<header class="brand"><p>${escapeHtml(frame.vendor)}</p></header>
${page.main}
</body>
</html>`;
}

/** A page of one card: a form or a message. */
export function renderCardPage(frame: PageFrame, title: string, content: string, head?: string): string {
  return renderPage(frame, { title, head, main: `<main class="card">\n${content}\n</main>` });
}

/** A stylesheet or script of these pages: its name in their addresses, its file and its type. */
export interface PageAsset {
  name: string;
  file: URL;
  type: string;
}

/** Serves the pages' assets at `${path}/{name}`, read once at start and cacheable for an hour. */
export async function registerPageAssets(app: FastifyInstance, path: string, assets: PageAsset[]) {
  const served = new Map(
    await Promise.all(
      assets.map(
        async ({ name, file, type }) => [name, { type, body: await readFile(file, 'utf8') }] as const,
      ),
    ),
  );
  app.get<{ Params: { name: string } }>(`${path}/:name`, async (request, reply) => {
    const asset = served.get(request.params.name);
    if (!asset) return reply.callNotFound();
    return reply.header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body);
  });
}
