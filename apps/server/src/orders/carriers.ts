/**
 * The carriers whose public tracking page is known, by the name the shop sends (compared without
 * case): the page of one parcel, with its tracking number URL-encoded. Another carrier is shown by
 * name and number, without a link.
 */
const trackingPages: Record<string, (number: string) => string> = {
  postnl: (number) => `https://jouw.postnl.nl/track-and-trace/${number}`,
  dhl: (number) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${number}`,
  dpd: (number) => `https://tracking.dpd.de/status/en_US/parcel/${number}`,
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  'royal mail': (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${number}`,
  bpost: (number) => `https://track.bpost.cloud/btr/web/#/search?itemCode=${number}`,
  gls: (number) => `https://gls-group.com/GROUP/en/parcel-tracking?match=${number}`,
  posten: (number) => `https://sporing.posten.no/sporing/${number}`,
};

/** The carrier's tracking page for this parcel, or null for a carrier not in the table. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = trackingPages[carrier.trim().toLowerCase()];
  return page ? page(encodeURIComponent(trackingNumber)) : null;
}
