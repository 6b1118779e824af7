import { catalogueTranslator, type StorefrontTerms, type TranslateWith } from '../platform/messages';
import da from './messages/da.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import nb from './messages/nb.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import pt from './messages/pt.json' with { type: 'json' };
import sv from './messages/sv.json' with { type: 'json' };
import atDe from './messages/storefronts/at/de.json' with { type: 'json' };
import beFr from './messages/storefronts/be/fr.json' with { type: 'json' };
import beNl from './messages/storefronts/be/nl.json' with { type: 'json' };

export type InvoiceMessageKey = keyof typeof en;

const catalogues = { da, de, en, es, fr, it, nb, nl, pt, sv } satisfies Record<
  string,
  Record<InvoiceMessageKey, string>
>;

/**
 * The words of a storefront's country where its language's differ (decision 135): Austria's
 * UID-Nummer and Firmenbuchnummer, Belgium's Ondernemingsnummer / Numéro d’entreprise.
 */
export const storefrontTerms = {
  at: { de: atDe },
  be: { fr: beFr, nl: beNl },
} satisfies StorefrontTerms<InvoiceMessageKey>;

export type InvoiceTranslate = TranslateWith<InvoiceMessageKey>;

/** The invoice PDF's texts in the storefront's language, with its country's terms. */
export const invoiceTranslatorFor = catalogueTranslator<InvoiceMessageKey>(catalogues, en, storefrontTerms);
