import { addressRules, type Address } from '@photo/contracts/addresses';

/** The address as it is written on an envelope there: the country's rows, then country and phone. */
export function addressLines(address: Address, countryName: string): string[] {
  const rules = addressRules(address.country);
  const regionName = rules.regions.find((region) => region.key === address.region)?.name ?? address.region;
  const lines = rules.layout
    .filter((row) => !row.includes('phone'))
    .map((row) =>
      row
        .map((field) => (field === 'region' ? regionName : address[field]))
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean);
  return [...lines, countryName, ...(address.phone ? [address.phone] : [])];
}
