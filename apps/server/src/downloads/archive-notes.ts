interface SkippedNote {
  fileName: string;
  /** Followed by the names of the photos left out, one a line. */
  text: string;
}

/** The note inside an archive whose photos were partly deleted before it was made, per language. */
const skippedNotes = {
  da: {
    fileName: 'Fotos ikke medtaget.txt',
    text: 'Disse fotos blev slettet fra dit fotobibliotek, før arkivet blev lavet, og er derfor ikke med:',
  },
  de: {
    fileName: 'Nicht enthaltene Fotos.txt',
    text: 'Diese Fotos wurden aus Ihrer Fotobibliothek gelöscht, bevor das Archiv erstellt wurde, und sind deshalb nicht enthalten:',
  },
  en: {
    fileName: 'Photos not included.txt',
    text: 'These photos were deleted from your photo library before this archive was made, so they are not in it:',
  },
  es: {
    fileName: 'Fotos no incluidas.txt',
    text: 'Estas fotos se eliminaron de tu biblioteca de fotos antes de crear este archivo, por lo que no están incluidas:',
  },
  fr: {
    fileName: 'Photos non incluses.txt',
    text: 'Ces photos ont été supprimées de votre photothèque avant la création de cette archive ; elles n’y figurent donc pas :',
  },
  it: {
    fileName: 'Foto non incluse.txt',
    text: 'Queste foto sono state eliminate dalla tua libreria prima che l’archivio fosse creato, quindi non sono incluse:',
  },
  nb: {
    fileName: 'Bilder som ikke er med.txt',
    text: 'Disse bildene ble slettet fra bildebiblioteket ditt før arkivet ble laget, og er derfor ikke med:',
  },
  nl: {
    fileName: 'Niet opgenomen foto’s.txt',
    text: 'Deze foto’s zijn uit je fotobibliotheek verwijderd voordat dit archief werd gemaakt en zitten er daarom niet in:',
  },
  pt: {
    fileName: 'Fotografias não incluídas.txt',
    text: 'Estas fotografias foram eliminadas da sua biblioteca antes de este arquivo ser criado, por isso não estão incluídas:',
  },
  sv: {
    fileName: 'Foton som inte kom med.txt',
    text: 'De här fotona raderades från ditt fotobibliotek innan arkivet skapades och finns därför inte med:',
  },
} satisfies Record<string, SkippedNote>;

/** The note in the customer's language (`nl-BE` -> Dutch), English when there is none. */
export function skippedNote(locale: string, skippedFileNames: string[]): { fileName: string; body: Buffer } {
  const language = locale.split('-')[0]!.toLowerCase();
  const note: SkippedNote = skippedNotes[language as keyof typeof skippedNotes] ?? skippedNotes.en;
  // CRLF so Windows Notepad, the likeliest reader, shows one name a line.
  const lines = [note.text, '', ...skippedFileNames.map((name) => `- ${name}`), ''];
  return { fileName: note.fileName, body: Buffer.from(lines.join('\r\n'), 'utf8') };
}
