import { describe, expect, it } from 'vitest';
import { emptyPostalAddress, type PostalAddress } from '@photo/contracts/addresses';
import { DomainError } from '../platform/errors';
import { validatePostalAddress } from './address-validator';

const base: PostalAddress = {
  ...emptyPostalAddress('IT'),
  firstName: 'Giulia',
  lastName: 'Rossi',
  street: 'Via Appia',
  houseNumber: '10',
  postcode: '00184',
  city: 'Roma',
  region: 'RM',
};

function failure(changes: Partial<PostalAddress>): { field?: string; message: string; status: number } {
  try {
    validatePostalAddress({ ...base, ...changes });
  } catch (error) {
    if (error instanceof DomainError)
      return { field: error.field, message: error.message, status: error.status };
    throw error;
  }
  throw new Error('accepted');
}

describe('the server address validator', () => {
  it('answers the address as stored', () => {
    expect(validatePostalAddress({ ...base, phone: '06 1234 5678' })).toMatchObject({
      postcode: '00184',
      phone: '+390612345678',
    });
  });

  it('answers 400 with the field and the docs/product/validation.md message', () => {
    expect(failure({ phone: '123' })).toEqual({
      field: 'body.phone',
      message: 'Phone number must be valid',
      status: 400,
    });
    expect(failure({ postcode: '1234' })).toMatchObject({
      field: 'body.postcode',
      message: 'Postal Code must be valid',
    });
    expect(failure({ houseNumber: 'x' })).toMatchObject({ message: 'Street number must be valid' });
    expect(failure({ street: '42' })).toMatchObject({ message: 'Street name must be valid' });
    expect(failure({ city: '' })).toMatchObject({ field: 'body.city', message: 'City is required' });
  });

  it('saves addresses as each country writes them, the postcode in its canonical form', () => {
    const british = validatePostalAddress({
      ...emptyPostalAddress('GB'),
      firstName: 'Ann',
      lastName: 'Hale',
      street: 'Rose Cottage, Church Lane',
      postcode: 'gl56 0ld',
      city: 'Moreton-in-Marsh',
      phone: '020 7946 0958',
    });
    expect(british).toMatchObject({ houseNumber: '', postcode: 'GL56 0LD', phone: '+442079460958' });
    const irish = validatePostalAddress({
      ...emptyPostalAddress('IE'),
      firstName: 'Seán',
      lastName: 'Byrne',
      street: 'Ballymore',
      city: 'Mullingar',
      region: 'Co. Westmeath',
      postcode: 'n91x2v6',
    });
    expect(irish).toMatchObject({ street: 'Ballymore', postcode: 'N91 X2V6' });
    const portuguese = validatePostalAddress({
      ...emptyPostalAddress('PT'),
      firstName: 'Rita',
      lastName: 'Sousa',
      street: 'Rua Augusta',
      houseNumber: 's/n',
      postcode: '1000 001',
      city: 'Lisboa',
    });
    expect(portuguese).toMatchObject({ houseNumber: 's/n', postcode: '1000-001' });
    expect(validatePostalAddress({ ...base, houseNumber: 'snc' }).houseNumber).toBe('snc');
    expect(validatePostalAddress({ ...base, houseNumber: 'km 3' }).houseNumber).toBe('km 3');
  });

  it('refuses postcodes that cannot exist with the postcode message', () => {
    const dutch = { ...base, country: 'NL' as const, region: '', city: 'Amsterdam' };
    expect(failure({ ...dutch, postcode: '0123 AB' })).toMatchObject({
      field: 'body.postcode',
      message: 'Postal Code must be valid',
    });
    expect(failure({ ...dutch, postcode: '1234 SA' })).toMatchObject({ field: 'body.postcode' });
    expect(failure({ country: 'IE', region: '', postcode: 'ABC DEFG' })).toMatchObject({
      field: 'body.postcode',
    });
    expect(failure({ country: 'DE', region: '', postcode: '00000' })).toMatchObject({
      field: 'body.postcode',
    });
    // A German address still needs its house number.
    expect(failure({ country: 'DE', region: '', postcode: '10115', houseNumber: '' })).toMatchObject({
      field: 'body.houseNumber',
      message: 'Street number is required',
    });
  });
});
