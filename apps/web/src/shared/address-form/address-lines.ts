import { formatPhone, postalAddressLines, type PostalAddress } from '@photo/contracts/addresses';

/** The address as it is written on an envelope there, then its phone number as people read it. */
export function addressLines(address: PostalAddress, countryName: string): string[] {
  return [
    ...postalAddressLines(address, countryName),
    ...(address.phone ? [formatPhone(address.phone)] : []),
  ];
}
