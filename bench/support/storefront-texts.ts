import { readFileSync } from 'node:fs';
import path from 'node:path';
import { storefronts } from '../../apps/server/src/storefronts/storefronts';

const root = path.resolve(import.meta.dirname, '../..');
const texts = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;

/**
 * A storefront a browser bench visits on the local server, with the product's own texts for its
 * language (the web app's and the sign-in pages'), so the bench finds what the pages show.
 */
export function benchStorefront(id: string, port: number, scheme: 'http' | 'https' = 'http') {
  const storefront = storefronts.find((candidate) => candidate.id === id);
  if (!storefront) throw new Error(`no storefront '${id}'`);
  const language = storefront.locales[0]!.split('-')[0]!;
  return {
    origin: `${scheme}://${storefront.id}.localhost:${port}`,
    appTexts: texts(`apps/web/locales/${language}.json`),
    signInTexts: texts(`apps/server/src/auth/messages/${language}.json`),
  };
}
