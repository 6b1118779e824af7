import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * What a script can see of the words a native speaker and a local accountant expect (issue 22,
 * section 4): one apostrophe and one pair of quotation marks per language, one word for each thing
 * the account area names again and again, and none of the words a review found wrong. Reviewing
 * the texts themselves stays a person's job.
 */

const root = new URL('../', import.meta.url);

// Every folder of message catalogues: `{language}.json`, and storefront terms in `storefronts/` (decision 135).
const catalogueFolders = [
  'apps/web/locales',
  'apps/server/src/auth/messages',
  'apps/server/src/mail/messages',
  'apps/server/src/invoices/messages',
  'apps/server/src/downloads/messages',
];

type Language = 'da' | 'de' | 'en' | 'es' | 'fr' | 'it' | 'nb' | 'nl' | 'pt' | 'sv';

interface Wording {
  /** The one apostrophe: typographic in French and Italian, where it is in almost every sentence. */
  apostrophe: "'" | '’';
  /** Opening and closing quotation marks, as the language's typography has them. */
  quotes: [string, string];
  /** The glossary: the word for each thing, found in the texts (a compound's start counts). */
  words: { order: string; deliveryAddress: string; email: string; invoice: string };
  /** Words that must not appear (a word's start, case ignored), with the word to use instead. */
  avoid: Record<string, string>;
}

const wording: Record<Language, Wording> = {
  da: {
    apostrophe: "'",
    quotes: ['»', '«'],
    words: { order: 'bestilling', deliveryAddress: 'leveringsadresse', email: 'e-mail', invoice: 'faktura' },
    avoid: { ordre: 'bestilling', 'e-post': 'e-mail', email: 'e-mail' },
  },
  de: {
    apostrophe: "'",
    quotes: ['„', '“'],
    words: { order: 'Bestellung', deliveryAddress: 'Lieferadresse', email: 'E-Mail', invoice: 'Rechnung' },
    avoid: {
      auftrag: 'Bestellung',
      versandadresse: 'Lieferadresse',
      lieferanschrift: 'Lieferadresse',
      zustellung: 'Lieferung',
      email: 'E-Mail',
    },
  },
  en: {
    apostrophe: "'",
    quotes: ['“', '”'],
    words: { order: 'order', deliveryAddress: 'delivery address', email: 'e-mail', invoice: 'invoice' },
    avoid: { 'shipping address': 'delivery address', email: 'e-mail' },
  },
  es: {
    apostrophe: "'",
    quotes: ['«', '»'],
    words: {
      order: 'pedido',
      deliveryAddress: 'dirección de entrega',
      email: 'correo electrónico',
      invoice: 'factura',
    },
    avoid: {
      'orden(?:es)?(?!\\p{L})': 'pedido',
      'dirección de envío': 'dirección de entrega',
      'e-?mail': 'correo electrónico',
      'en línea': 'online',
      'volver a iniciar sesión': 'Volver al inicio de sesión (sign in again is not meant)',
      // Latin American words a reader in Spain notices.
      computadora: 'ordenador',
      celular: 'móvil',
      'ingresa(?:r)?(?!\\p{L})': 'introduce',
    },
  },
  fr: {
    apostrophe: '’',
    quotes: ['«', '»'],
    words: {
      order: 'commande',
      deliveryAddress: 'adresse de livraison',
      email: 'e-mail',
      invoice: 'facture',
    },
    avoid: {
      courriel: 'e-mail',
      email: 'e-mail',
      'adresse d’expédition': 'adresse de livraison',
      rappel: 'callback (a rappel is a reminder or a phone call back)',
    },
  },
  it: {
    apostrophe: '’',
    quotes: ['«', '»'],
    words: { order: 'ordine', deliveryAddress: 'indirizzo di consegna', email: 'e-mail', invoice: 'fattura' },
    avoid: {
      ordinazione: 'ordine',
      'indirizzo di spedizione': 'indirizzo di consegna',
      email: 'e-mail',
      'posta elettronica': 'e-mail',
    },
  },
  nb: {
    apostrophe: "'",
    quotes: ['«', '»'],
    words: { order: 'bestilling', deliveryAddress: 'leveringsadresse', email: 'e-post', invoice: 'faktura' },
    avoid: {
      ordre: 'bestilling',
      'e-?mail': 'e-post',
      epost: 'e-post',
      tilbakekall: 'callback (tilbakekalling is a recall)',
    },
  },
  nl: {
    apostrophe: "'",
    quotes: ['“', '”'],
    words: { order: 'bestelling', deliveryAddress: 'bezorgadres', email: 'e-mail', invoice: 'factuur' },
    avoid: {
      order: 'bestelling',
      afleveradres: 'bezorgadres',
      // A parcel's 'bezorging'; 'levering' stays the tax term for a supply of goods on invoices.
      '(?<!intracommunautaire )levering(?!sdatum)': 'bezorging',
      leveradres: 'bezorgadres',
      verzendadres: 'bezorgadres',
      email: 'e-mail',
      'genomen op': 'gemaakt op (a photo is taken: gemaakt)',
    },
  },
  pt: {
    apostrophe: "'",
    quotes: ['«', '»'],
    // 'pedido' is not avoided: in European Portuguese it is a request ('Não fez este pedido?').
    words: { order: 'encomenda', deliveryAddress: 'morada de entrega', email: 'e-mail', invoice: 'fatura' },
    avoid: {
      'endereço de entrega': 'morada de entrega',
      email: 'e-mail',
      'correio eletrónico': 'e-mail',
      factura: 'fatura',
      você: 'the third person without você (European Portuguese: Não fez este pedido?)',
      // Brazilian words a reader in Portugal notices.
      senha: 'palavra-passe',
      usuário: 'utilizador',
      tela: 'ecrã',
      baixar: 'transferir',
      salvar: 'guardar',
      excluir: 'eliminar',
      contato: 'contacto',
    },
  },
  sv: {
    apostrophe: "'",
    quotes: ['”', '”'],
    words: { order: 'beställning', deliveryAddress: 'leveransadress', email: 'e-post', invoice: 'faktura' },
    avoid: {
      order: 'beställning',
      mejl: 'e-post',
      'e-?mail': 'e-post',
      återanrop: 'callback (återanrop is a phone call back)',
    },
  },
};

const languages = Object.keys(wording) as Language[];

interface Text {
  where: string;
  text: string;
}

const readTexts = (file: string): Text[] =>
  Object.entries(JSON.parse(readFileSync(new URL(file, root), 'utf8')) as Record<string, string>).map(
    ([key, text]) => ({ where: `${file} ${key}`, text }),
  );

/** Every text in a language: each folder's language file and the storefront terms in it. */
function textsOf(language: Language): Text[] {
  return catalogueFolders.flatMap((folder) => {
    const storefronts = new URL(`${folder}/storefronts/`, root);
    const terms = existsSync(storefronts)
      ? readdirSync(storefronts)
          .map((storefrontId) => `${folder}/storefronts/${storefrontId}/${language}.json`)
          .filter((file) => existsSync(new URL(file, root)))
      : [];
    return [`${folder}/${language}.json`, ...terms].flatMap(readTexts);
  });
}

/** The words a reader sees: placeholder names (`{email}`, `{count, plural, ...}`) are not words. */
const wordsOf = (text: string) => text.replace(/\{\s*\w+/g, '{');

const wordStart = (word: string) => new RegExp(`(?<!\\p{L})${word}`, 'iu');

// Quotation marks of any language; the apostrophe ’ is not among them (no language quotes with ‘ ’).
const QUOTATION_MARKS = /[“”„‟«»‹›‘‚"]|(?<!\p{L})'|'(?!\p{L})/gu;

describe.each(languages)('the %s texts', (language) => {
  const { apostrophe, quotes, words, avoid } = wording[language];
  const texts = textsOf(language);

  it('are read from every catalogue folder', () => {
    expect(texts.length).toBeGreaterThan(700);
  });

  it(`use one apostrophe, ${apostrophe}`, () => {
    const other = apostrophe === '’' ? "'" : '’';
    expect(texts.filter(({ text }) => text.includes(other)).map(({ where }) => where)).toEqual([]);
  });

  it(`quote with ${quotes.join('…')} only`, () => {
    const wrong = texts.flatMap(({ where, text }) =>
      [...wordsOf(text).matchAll(QUOTATION_MARKS)]
        .map(([mark]) => mark)
        .filter((mark) => !quotes.includes(mark))
        .map((mark) => `${where}: ${mark}`),
    );
    expect(wrong).toEqual([]);
  });

  it('write an ellipsis as …, not three full stops', () => {
    expect(texts.filter(({ text }) => text.includes('...')).map(({ where }) => where)).toEqual([]);
  });

  it.each(Object.entries(words))('name the %s “%s”', (_thing, word) => {
    expect(texts.some(({ text }) => wordStart(word).test(wordsOf(text)))).toBe(true);
  });

  it.each(Object.entries(avoid))('never say “%s” (instead: %s)', (word) => {
    const found = texts.filter(({ text }) => wordStart(word).test(wordsOf(text))).map(({ where }) => where);
    expect(found).toEqual([]);
  });
});

describe('the French texts', () => {
  // French sets a space before ? ! : ; and inside « »: a no-break space keeps the mark on its word's line.
  it('join ? ! : ; and « » to their words with a no-break space', () => {
    const broken = textsOf('fr').filter(({ text }) => / [?!:;»]|« /.test(text));
    expect(broken.map(({ where }) => where)).toEqual([]);
  });
});

describe('web texts', () => {
  // In ICU MessageFormat a straight apostrophe before { } # or | starts quoted text: the placeholder
  // after it would be printed as it is written instead of filled in.
  it.each(languages)('in %s put no straight apostrophe before ICU syntax', (language) => {
    const texts = readTexts(`apps/web/locales/${language}.json`);
    expect(texts.filter(({ text }) => /'[{}#|]/.test(text)).map(({ where }) => where)).toEqual([]);
  });
});

describe('the words the review asked for', () => {
  const text = (file: string, key: string) =>
    readTexts(file).find(({ where }) => where === `${file} ${key}`)?.text;

  it.each([
    ['apps/web/locales/nb.json', 'integration.callback.url', 'Callback-URL'],
    ['apps/web/locales/fr.json', 'integration.callback.url', 'URL de callback'],
    ['apps/web/locales/sv.json', 'integration.callback.url', 'Callback-URL'],
    ['apps/server/src/auth/messages/es.json', 'checkEmail.back', 'Volver al inicio de sesión'],
    ['apps/server/src/auth/messages/es.json', 'signedOut.signIn', 'Volver al inicio de sesión'],
    ['apps/web/locales/nl.json', 'timeline.takenOn', 'Gemaakt op {date}'],
    ['apps/web/locales/nl.json', 'settings.addresses.defaultDelivery', 'Standaard bezorgadres'],
    ['apps/web/locales/nl.json', 'orders.field.deliveryDates', 'Verwachte bezorging'],
    ['apps/web/locales/da.json', 'title.orders', 'Bestillinger'],
    ['apps/web/locales/es.json', 'photoBooks.open', 'Ver online'],
    [
      'apps/web/locales/sv.json',
      'photoBookShare.intro',
      'Vi skickar en länk till ”{title}” via e-post. Mottagaren kan bläddra i den utan konto.',
    ],
    ['apps/web/locales/fr.json', 'orders.unitPrice', '{price} l’unité'],
    ['apps/server/src/mail/messages/de.json', 'orderSent.expectedOn', 'Voraussichtliche Lieferung: {date}.'],
    ['apps/web/locales/storefronts/be/nl.json', 'details.chamberOfCommerceNumber', 'Ondernemingsnummer'],
    [
      'apps/web/locales/storefronts/be/fr.json',
      'details.chamberOfCommerceNumber',
      'Numéro d’entreprise (BCE)',
    ],
    ['apps/web/locales/storefronts/at/de.json', 'details.vatId', 'UID-Nummer'],
    ['apps/web/locales/storefronts/at/de.json', 'details.chamberOfCommerceNumber', 'Firmenbuchnummer'],
  ])('%s %s: %s', (file, key, expected) => {
    expect(text(file, key)).toBe(expected);
  });

  it('asks in European Portuguese whether the reader made the request', () => {
    expect(text('apps/server/src/mail/messages/pt.json', 'registrationExisting.notYou')).toMatch(
      /^Não fez este pedido\? /,
    );
  });
});
