import { postalAddressLines, type PostalAddress } from '@photo/contracts/addresses';

/** The address as it is written on an envelope there, then its phone number. */
export function addressLines(address: PostalAddress, countryName: string): string[] {
  return [...postalAddressLines(address, countryName), ...(address.phone ? [address.phone] : [])];
}
