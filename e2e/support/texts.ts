import { readFileSync } from 'node:fs';
import type { Storefront } from './storefronts';

export type Texts = (key: string) => string;

const repository = new URL('../../', import.meta.url);

// The tests read the product's own translation files, so they check what each storefront shows
// without copying (and drifting from) every sentence.
function textsFrom(folder: string, language: string): Texts {
  const file = new URL(`${folder}/${language}.json`, repository);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return (key) => {
    const text = messages[key];
    if (text === undefined) throw new Error(`${file.pathname} has no text "${key}"`);
    return text;
  };
}

/** The account area's texts (the React app) on this storefront. */
export const appTexts = (storefront: Storefront): Texts => textsFrom('apps/web/locales', storefront.language);

/** The sign-in provider's pages (sign in, create an account, signed out) on this storefront. */
export const signInTexts = (storefront: Storefront): Texts =>
  textsFrom('apps/server/src/auth/messages', storefront.language);
