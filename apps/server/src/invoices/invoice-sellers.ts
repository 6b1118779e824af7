/** The company behind each storefront: the seller on its invoices, numbering its own series. */
export interface Seller {
  legalName: string;
  addressLines: string[];
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatId: string;
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
    vatId: 'BE0999000101',
    invoiceRetentionYears: 10,
  },
  de: {
    legalName: 'PhotoShop Deutschland GmbH',
    addressLines: ['Fotostraße 1', '10115 Berlin'],
    country: 'DE',
    vatId: 'DE999000102',
    invoiceRetentionYears: 8,
  },
  nl: {
    legalName: 'PhotoShop Nederland B.V.',
    addressLines: ['Fotostraat 1', '1011 AB Amsterdam'],
    country: 'NL',
    vatId: 'NL999000103B01',
    invoiceRetentionYears: 7,
  },
  uk: {
    legalName: 'PhotoShop UK Ltd',
    addressLines: ['1 Photo Street', 'London EC1A 1BB'],
    country: 'GB',
    vatId: 'GB999000104',
    invoiceRetentionYears: 6,
  },
  no: {
    legalName: 'PhotoShop Norge AS',
    addressLines: ['Fotogata 1', '0150 Oslo'],
    country: 'NO',
    vatId: 'NO999000105MVA',
    invoiceRetentionYears: 5,
  },
  fr: {
    legalName: 'PhotoShop France SAS',
    addressLines: ['1 rue de la Photo', '75001 Paris'],
    country: 'FR',
    vatId: 'FR99999000106',
    invoiceRetentionYears: 10,
  },
  se: {
    legalName: 'PhotoShop Sverige AB',
    addressLines: ['Fotogatan 1', '111 22 Stockholm'],
    country: 'SE',
    vatId: 'SE999000107001',
    invoiceRetentionYears: 7,
  },
  at: {
    legalName: 'PhotoShop Österreich GmbH',
    addressLines: ['Fotogasse 1', '1010 Wien'],
    country: 'AT',
    vatId: 'ATU99900108',
    invoiceRetentionYears: 7,
  },
  ie: {
    legalName: 'PhotoShop Ireland Ltd',
    addressLines: ['1 Photo Lane', 'Dublin D02 X285'],
    country: 'IE',
    vatId: 'IE9990109T',
    invoiceRetentionYears: 6,
  },
  it: {
    legalName: 'PhotoShop Italia S.r.l.',
    addressLines: ['Via della Foto 1', '00100 Roma RM'],
    country: 'IT',
    vatId: 'IT99900011001',
    invoiceRetentionYears: 10,
  },
  dk: {
    legalName: 'PhotoShop Danmark ApS',
    addressLines: ['Fotovej 1', '1050 København K'],
    country: 'DK',
    vatId: 'DK99900111',
    invoiceRetentionYears: 5,
  },
  es: {
    legalName: 'PhotoShop España S.L.',
    addressLines: ['Calle de la Foto 1', '28001 Madrid'],
    country: 'ES',
    vatId: 'ESB99900112',
    invoiceRetentionYears: 6,
  },
  pt: {
    legalName: 'PhotoShop Portugal Lda',
    addressLines: ['Rua da Fotografia 1', '1100-001 Lisboa'],
    country: 'PT',
    vatId: 'PT999000113',
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
