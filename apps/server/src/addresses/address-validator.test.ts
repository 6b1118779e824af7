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
});
