import { describe, expect, it } from 'vitest';
import {
  addressCountries,
  addressRules,
  countryOfChannel,
  emptyPostalAddress,
  postalAddressLines,
  type AddressCountry,
  type PostalAddress,
} from './addresses';
import { checkAddress } from './address-check';
import { formatPhone } from './phone-format';

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
    expect(checked.address?.postcode).toBe('1012 AB');
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

  it.each([
    ['NL', '1234ab', '1234 AB'],
    ['NL', '1234-AB', '1234 AB'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'm34 4ab', 'M34 4AB'],
    ['GB', 'bfpo61', 'BFPO 61'],
    ['IE', 'd02x285', 'D02 X285'],
    ['IE', 'D6W 1234', 'D6W 1234'],
    ['PT', '1000 001', '1000-001'],
    ['PT', '1000001', '1000-001'],
    ['SE', '11129', '111 29'],
    ['FR', '75 008', '75008'],
    ['DE', '01001', '01001'],
  ] as const)('store the %s postcode %s in the form the country writes it: %s', (country, typed, stored) => {
    expect(checkAddress(address(country, { postcode: typed })).address?.postcode).toBe(stored);
  });

  it.each([
    ['NL', '0123 AB'],
    ['NL', '1234 SA'],
    ['NL', '1234 SD'],
    ['NL', '1234 SS'],
    ['IE', 'ABC DEFG'],
    ['IE', 'D02 X2B5'],
    ['DE', '00000'],
    ['DE', '00999'],
    ['FR', '00100'],
    ['AT', '0123'],
    ['PT', '0100-001'],
    ['PT', '1000-01'],
    ['GB', 'SW1A 1AAA'],
  ] as const)('refuse the %s postcode %s, which the post never gives out', (country, postcode) => {
    expect(checkAddress(address(country, { postcode })).problems).toEqual({ postcode: 'invalid' });
  });

  it('save addresses without a house number where the country writes them so', () => {
    const cottage = address('GB', {
      street: 'Rose Cottage, Church Lane',
      houseNumber: '',
      postcode: 'GL56 0LD',
      city: 'Moreton-in-Marsh',
    });
    expect(checkAddress(cottage).problems).toEqual({});
    const townland = address('IE', {
      street: 'Ballymore',
      houseNumber: '',
      postcode: '',
      city: 'Mullingar',
      region: 'Co. Westmeath',
    });
    expect(checkAddress(townland).problems).toEqual({});
    expect(postalAddressLines(checkAddress(townland).address!, 'Ireland')).toEqual([
      'Anna Jansen',
      'Ballymore',
      'Mullingar',
      'Co. Westmeath',
      'Ireland',
    ]);
    // Where every house has a number, it is still asked for.
    expect(checkAddress(address('DE', { houseNumber: '' })).problems).toEqual({ houseNumber: 'required' });
    expect(checkAddress(address('NL', { houseNumber: '' })).problems).toEqual({ houseNumber: 'required' });
  });

  it('accept the marks of an address without a number and kilometres of a road', () => {
    expect(checkAddress(address('ES', { street: 'Calle Real', houseNumber: 's/n' })).problems).toEqual({});
    expect(checkAddress(address('ES', { houseNumber: 'S/N' })).problems).toEqual({});
    expect(checkAddress(address('IT', { houseNumber: 'snc' })).problems).toEqual({});
    expect(checkAddress(address('IT', { street: 'Strada Statale 1', houseNumber: 'km 3' })).problems).toEqual(
      {},
    );
    expect(
      checkAddress(address('ES', { street: 'Carretera de Toledo', houseNumber: 'Km. 12,5' })).problems,
    ).toEqual({});
    expect(checkAddress(address('PT', { houseNumber: 's/n' })).problems).toEqual({});
    // Each country's own mark only, and a house number is still a number.
    expect(checkAddress(address('DE', { houseNumber: 'snc' })).problems).toEqual({ houseNumber: 'invalid' });
    expect(checkAddress(address('IT', { houseNumber: 's/n x' })).problems).toEqual({
      houseNumber: 'invalid',
    });
    expect(checkAddress(address('ES', { houseNumber: 'km' })).problems).toEqual({ houseNumber: 'invalid' });
  });

  it('name and order the fields as the country does', () => {
    expect(addressRules('GB').postcodeName).toBe('postcode');
    // The placeholder shows a postcode as it is stored there.
    expect(addressRules('NL').postcodeExample).toBe('1234 AB');
    expect(addressRules('SE').postcodeExample).toBe('114 55');
    expect(addressRules('NL').postcodeName).toBe('postal');
    expect(addressRules('GB').layout).toContainEqual(['houseNumber', 'street']);
    expect(addressRules('FR').layout).toContainEqual(['houseNumber', 'street']);
    expect(addressRules('DE').layout).toContainEqual(['street', 'houseNumber']);
    expect(addressRules('GB').required.has('houseNumber')).toBe(false);
    expect(addressRules('IT').required.has('houseNumber')).toBe(true);
  });

  it('write an address as its country does, and a phone number as its country groups it', () => {
    const london = address('GB', {
      street: 'Downing Street',
      houseNumber: '10',
      postcode: 'SW1A 2AA',
      city: 'London',
      phone: '+442079460958',
    });
    expect(postalAddressLines(london, 'United Kingdom')).toEqual([
      'Anna Jansen',
      '10 Downing Street',
      'London',
      'SW1A 2AA',
      'United Kingdom',
    ]);
    // Saved before postcodes were stored in canonical form: shown in it all the same.
    const amsterdam = address('NL', { street: 'Keizersgracht', houseNumber: '212', postcode: '1016dz' });
    expect(postalAddressLines(amsterdam, 'Nederland')).toEqual([
      'Anna Jansen',
      'Keizersgracht 212',
      '1016 DZ Amsterdam',
      'Nederland',
    ]);
    const rome = address('IT', { street: 'Via Appia', houseNumber: '10' });
    expect(postalAddressLines(rome, 'Italia').slice(1, 3)).toEqual(['Via Appia 10', '00184 Roma RM']);
    const madrid = address('ES', { street: 'Calle de Alcalá', houseNumber: '120', postcode: '28009' });
    expect(postalAddressLines(madrid, 'España').slice(1, 3)).toEqual(['Calle de Alcalá 120', '28009 Madrid']);
    const barcelona = address('ES', { postcode: '08001', city: 'Barcelona', region: 'B' });
    expect(postalAddressLines(barcelona, 'España')[2]).toBe('08001 Barcelona');
    const sabadell = address('ES', { postcode: '08201', city: 'Sabadell', region: 'B' });
    expect(postalAddressLines(sabadell, 'España')[2]).toBe('08201 Sabadell Barcelona');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('+31201234567')).toBe('+31 20 123 4567');
    expect(formatPhone('+390612345678')).toBe('+39 06 1234 5678');
  });

  it('drop fields the country does not use', () => {
    expect(checkAddress(address('NL', { region: 'anything' })).address?.region).toBe('');
  });

  it('map each storefront to its country', () => {
    expect(countryOfChannel('UK')).toBe('GB');
    expect(countryOfChannel('nl')).toBe('NL');
  });
});
