/**
 * The company behind each storefront: the seller on its invoices, numbering its own series. These are
 * the shop's own legal details, set by the operator (docs/operations.md, 'Invoices'): every invoice
 * prints them as art. 226 of the VAT Directive and the seller's company law ask.
 */
export interface Seller {
  legalName: string;
  /** Street and town lines; the country's name is printed after them in the invoice's language. */
  addressLines: string[];
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatId: string;
  /** The company register and the seller's number in it, as the country writes it (KvK, Companies House, HRB ...). */
  registration: string;
  /** Where an unpaid invoice is paid to. */
  iban: string;
  bic: string;
  /** Days from the invoice date an unpaid invoice is due in. */
  paymentTermDays: number;
  /** IANA zone of the seller's calendar: an invoice's dates are the seller's dates (decision 127). */
  timeZone: string;
  /**
   * Years the seller must keep an invoice, counted from the end of the calendar year it was issued
   * in (decision 107): the longest period the country's bookkeeping or VAT law sets for invoices.
   */
  invoiceRetentionYears: number;
}

const sellers: Record<string, Seller> = {
  be: {
    legalName: 'PhotoShop Belgium NV',
    addressLines: ['Fotostraat 1', '1000 Brussel'],
    country: 'BE',
    vatId: 'BE0999002901',
    registration: 'RPR Brussel 0999.002.901',
    iban: 'BE27000099900010',
    bic: 'BPOTBEB1',
    paymentTermDays: 30,
    timeZone: 'Europe/Brussels',
    invoiceRetentionYears: 10,
  },
  de: {
    legalName: 'PhotoShop Deutschland GmbH',
    addressLines: ['Fotostraße 1', '10115 Berlin'],
    country: 'DE',
    vatId: 'DE999000105',
    registration: 'Amtsgericht Charlottenburg HRB 999102',
    iban: 'DE79100100109990001000',
    bic: 'PBNKDEFF',
    paymentTermDays: 30,
    timeZone: 'Europe/Berlin',
    invoiceRetentionYears: 8,
  },
  nl: {
    legalName: 'PhotoShop Nederland B.V.',
    addressLines: ['Fotostraat 1', '1011 AB Amsterdam'],
    country: 'NL',
    vatId: 'NL999000123B01',
    registration: 'KvK 99900103',
    iban: 'NL79PHOT0999000103',
    bic: 'PHOTNL2A',
    paymentTermDays: 30,
    timeZone: 'Europe/Amsterdam',
    invoiceRetentionYears: 7,
  },
  uk: {
    legalName: 'PhotoShop UK Ltd',
    addressLines: ['1 Photo Street', 'London', 'EC1A 1BB'],
    country: 'GB',
    vatId: 'GB999000103',
    registration: 'Companies House 09990104 (England and Wales)',
    iban: 'GB87PHOT40000099900104',
    bic: 'PHOTGB2L',
    paymentTermDays: 30,
    timeZone: 'Europe/London',
    invoiceRetentionYears: 6,
  },
  no: {
    legalName: 'PhotoShop Norge AS',
    addressLines: ['Fotogata 1', '0150 Oslo'],
    country: 'NO',
    vatId: 'NO999000185MVA',
    registration: 'Foretaksregisteret 999 000 185',
    iban: 'NO5999900010500',
    bic: 'DNBANOKK',
    paymentTermDays: 30,
    timeZone: 'Europe/Oslo',
    invoiceRetentionYears: 5,
  },
  fr: {
    legalName: 'PhotoShop France SAS',
    addressLines: ['1 rue de la Photo', '75001 Paris'],
    country: 'FR',
    vatId: 'FR48999000102',
    registration: 'RCS Paris 999 000 102',
    iban: 'FR9530004000019990001060135',
    bic: 'BNPAFRPP',
    paymentTermDays: 30,
    timeZone: 'Europe/Paris',
    invoiceRetentionYears: 10,
  },
  se: {
    legalName: 'PhotoShop Sverige AB',
    addressLines: ['Fotogatan 1', '111 22 Stockholm'],
    country: 'SE',
    vatId: 'SE999000107601',
    registration: 'Bolagsverket 999000-1076',
    iban: 'SE1250000000099900010700',
    bic: 'ESSESESS',
    paymentTermDays: 30,
    timeZone: 'Europe/Stockholm',
    invoiceRetentionYears: 7,
  },
  at: {
    legalName: 'PhotoShop Österreich GmbH',
    addressLines: ['Fotogasse 1', '1010 Wien'],
    country: 'AT',
    vatId: 'ATU99900107',
    registration: 'Handelsgericht Wien FN 999108a',
    iban: 'AT121200099900010800',
    bic: 'BKAUATWW',
    paymentTermDays: 30,
    timeZone: 'Europe/Vienna',
    invoiceRetentionYears: 7,
  },
  ie: {
    legalName: 'PhotoShop Ireland Ltd',
    addressLines: ['1 Photo Lane', 'Dublin D02 X285'],
    country: 'IE',
    vatId: 'IE9990509T',
    registration: 'CRO 999109',
    iban: 'IE09PHOT99000099900109',
    bic: 'PHOTIE2D',
    paymentTermDays: 30,
    timeZone: 'Europe/Dublin',
    invoiceRetentionYears: 6,
  },
  it: {
    legalName: 'PhotoShop Italia S.r.l.',
    addressLines: ['Via della Foto 1', '00100 Roma RM'],
    country: 'IT',
    vatId: 'IT99900011000',
    registration: 'REA RM-999110',
    iban: 'IT62X0300203280000999000110',
    bic: 'UNCRITMM',
    paymentTermDays: 30,
    timeZone: 'Europe/Rome',
    invoiceRetentionYears: 10,
  },
  dk: {
    legalName: 'PhotoShop Danmark ApS',
    addressLines: ['Fotovej 1', '1050 København K'],
    country: 'DK',
    vatId: 'DK99900113',
    registration: 'CVR 99900113',
    iban: 'DK4730009990011100',
    bic: 'DABADKKK',
    paymentTermDays: 30,
    timeZone: 'Europe/Copenhagen',
    invoiceRetentionYears: 5,
  },
  es: {
    legalName: 'PhotoShop España S.L.',
    addressLines: ['Calle de la Foto 1', '28001 Madrid'],
    country: 'ES',
    vatId: 'ESB99900110',
    registration: 'Registro Mercantil de Madrid, hoja M-999112',
    iban: 'ES1921000418450999000112',
    bic: 'CAIXESBB',
    paymentTermDays: 30,
    timeZone: 'Europe/Madrid',
    invoiceRetentionYears: 6,
  },
  pt: {
    legalName: 'PhotoShop Portugal Lda',
    addressLines: ['Rua da Fotografia 1', '1100-001 Lisboa'],
    country: 'PT',
    vatId: 'PT999000110',
    registration: 'Conservatória do Registo Comercial de Lisboa, NIPC 999000110',
    iban: 'PT53000700000099900011300',
    bic: 'CGDIPTPL',
    paymentTermDays: 30,
    timeZone: 'Europe/Lisbon',
    invoiceRetentionYears: 10,
  },
};

/** Every storefront's seller, by storefront id. */
export const sellersByStorefront = (): ReadonlyArray<[storefrontId: string, seller: Seller]> =>
  Object.entries(sellers);

export function sellerFor(storefrontId: string): Seller {
  const seller = sellers[storefrontId];
  if (!seller) throw new Error(`No seller for storefront ${storefrontId}`);
  return seller;
}
