import { describe, expect, it } from 'vitest';
import {
  addressCountries,
  addressRules,
  checkAddress,
  countryOfChannel,
  emptyPostalAddress,
  type AddressCountry,
  type PostalAddress,
} from './addresses';

const valid: Record<AddressCountry, Partial<PostalAddress>> = {
  AT: { postcode: '1010', city: 'Wien' },
  BE: { postcode: '1000', city: 'Brussel' },
  DE: { postcode: '10115', city: 'Berlin' },
  DK: { postcode: '1050', city: 'København' },
  ES: { postcode: '28039', city: 'Madrid', region: 'M' },
  FR: { postcode: '75008', city: 'Paris' },
  GB: { postcode: 'SW1A 1AA', city: 'London' },
  IE: { postcode: 'D02 X285', city: 'Dublin', region: 'Co. Dublin' },
  IT: { postcode: '00184', city: 'Roma', region: 'RM' },
  NL: { postcode: '1012 AB', city: 'Amsterdam' },
  NO: { postcode: '0150', city: 'Oslo' },
  PT: { postcode: '1100-148', city: 'Lisboa' },
  SE: { postcode: '111 29', city: 'Stockholm' },
};

function address(country: AddressCountry, changes: Partial<PostalAddress> = {}): PostalAddress {
  return {
    ...emptyPostalAddress(country),
    firstName: 'Anna',
    lastName: 'Jansen',
    street: 'Main Street',
    houseNumber: '12a',
    ...valid[country],
    ...changes,
  };
}

describe('the address rules of the 13 storefront countries', () => {
  it.each(addressCountries)('accept a typical address in %s', (country) => {
    expect(checkAddress(address(country)).problems).toEqual({});
  });

  it('take field order and required fields from the country metadata', () => {
    // The Netherlands put the company first; Germany the name; Italy and Spain need a province.
    expect(addressRules('NL').layout.flat().slice(0, 2)).toEqual(['company', 'firstName']);
    expect(addressRules('DE').layout.flat().slice(0, 2)).toEqual(['firstName', 'lastName']);
    expect(addressRules('IT').required.has('region')).toBe(true);
    expect(addressRules('ES').regions.find((region) => region.key === 'B')?.name).toBe('Barcelona');
    expect(addressRules('NL').layout.flat()).not.toContain('region');
    // An Eircode is not required in Ireland, a postcode is everywhere else.
    expect(addressRules('IE').required.has('postcode')).toBe(false);
    expect(addressRules('IE').postcodeName).toBe('eircode');
    expect(addressRules('FR').required.has('postcode')).toBe(true);
  });

  it('normalise postcodes and phone numbers as they are stored', () => {
    const checked = checkAddress(address('NL', { postcode: ' 1012ab ', phone: '020 123 4567' }));
    expect(checked.address?.postcode).toBe('1012AB');
    expect(checked.address?.phone).toBe('+31201234567');
    expect(checkAddress(address('SE', { postcode: 'SE-111 29' })).address?.postcode).toBe('111 29');
  });

  it('clean every field by the one text rule before checking it, in the form and on the server alike', () => {
    const checked = checkAddress(
      address('NL', {
        firstName: 'Demi\u202E',
        city: 'Amster\tdam\n',
        addressLine2: '\u2066Achterhuis\u2069',
      }),
    );
    expect(checked.address).toMatchObject({
      firstName: 'Demi',
      city: 'Amster dam',
      addressLine2: 'Achterhuis',
    });
    expect(checkAddress(address('NL', { city: '\u202E\u0007' })).problems).toEqual({ city: 'required' });
  });

  it('reject postcodes of another country and of another province', () => {
    expect(checkAddress(address('NL', { postcode: '10115' })).problems).toEqual({ postcode: 'invalid' });
    expect(checkAddress(address('PT', { postcode: '1100' })).problems).toEqual({ postcode: 'invalid' });
    expect(checkAddress(address('GB', { postcode: '1234' })).problems).toEqual({ postcode: 'invalid' });
    // Barcelona's postcodes start with 08, not 28.
    expect(checkAddress(address('ES', { region: 'B' })).problems).toEqual({ postcode: 'invalid' });
  });

  it('report the four messages of docs/product/validation.md and missing required fields', () => {
    expect(
      checkAddress(address('DE', { street: '1234', houseNumber: 'abc', postcode: 'x', phone: '12' }))
        .problems,
    ).toEqual({ street: 'invalid', houseNumber: 'invalid', postcode: 'invalid', phone: 'invalid' });
    expect(checkAddress(address('IT', { region: '', city: '' })).problems).toEqual({
      region: 'required',
      city: 'required',
    });
    expect(checkAddress(address('IT', { region: 'XX' })).problems).toEqual({ region: 'invalid' });
    expect(checkAddress(address('FR', { firstName: '<b>' })).problems).toEqual({ firstName: 'invalid' });
  });

  it('drop fields the country does not use', () => {
    expect(checkAddress(address('NL', { region: 'anything' })).address?.region).toBe('');
  });

  it('map each storefront to its country', () => {
    expect(countryOfChannel('UK')).toBe('GB');
    expect(countryOfChannel('nl')).toBe('NL');
  });
});
