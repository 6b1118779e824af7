import { existsSync, readFileSync } from 'node:fs';
import type { Storefront } from './storefronts';

export type Texts = (key: string) => string;

const repository = new URL('../../', import.meta.url);

// The tests read the product's own translation files, so they check what each storefront shows
// without copying (and drifting from) every sentence.
const readMessages = (file: URL) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

function textsFrom(folder: string, storefront: Storefront): Texts {
  const file = new URL(`${folder}/${storefront.language}.json`, repository);
  // The storefront's own terms (its country's legal words, decision 135) replace the language's.
  const terms = new URL(`${folder}/storefronts/${storefront.code}/${storefront.language}.json`, repository);
  const messages = { ...readMessages(file), ...(existsSync(terms) ? readMessages(terms) : {}) };
  return (key) => {
    const text = messages[key];
    if (text === undefined) throw new Error(`${file.pathname} has no text "${key}"`);
    return text;
  };
}

/** The account area's texts (the React app) on this storefront. */
export const appTexts = (storefront: Storefront): Texts => textsFrom('apps/web/locales', storefront);

/** The sign-in provider's pages (sign in, create an account, signed out) on this storefront. */
export const signInTexts = (storefront: Storefront): Texts =>
  textsFrom('apps/server/src/auth/messages', storefront);

/** Every key of the account area's English texts: none of them should ever reach the screen as is. */
export function messageKeys(): Set<string> {
  const file = new URL('apps/web/locales/en.json', repository);
  return new Set(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
}

/** The mails a storefront sends, in its language. */
export const mailTexts = (storefront: Storefront): Texts =>
  textsFrom('apps/server/src/mail/messages', storefront);

/** Fills `{name}` placeholders as the server does. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
