import { catalogueTranslator, type TranslateWith } from '../platform/messages';
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

export type DownloadMessageKey = keyof typeof en;

// `satisfies` makes a catalogue that misses a key fail to compile.
const catalogues = { da, de, en, es, fr, it, nb, nl, pt, sv } satisfies Record<
  string,
  Record<DownloadMessageKey, string>
>;

/** The texts of an archive (its file name, the note inside) in the language it was asked in. */
export const downloadTranslator: (locale: string) => TranslateWith<DownloadMessageKey> = catalogueTranslator(
  catalogues,
  en,
);
