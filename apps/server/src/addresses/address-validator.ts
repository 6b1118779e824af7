import { addressProblemMessages, checkAddress } from '@photo/contracts/address-check';
import { addressFields, type PostalAddress } from '@photo/contracts/addresses';
import { invalid } from '../platform/errors';

/**
 * The one server-side address validator: every address the product stores (saved addresses in
 * settings, an order's delivery address) passes here. Fields, order, required fields and postcode
 * patterns per country come from Google's address metadata through `@photo/contracts/addresses`, the
 * same rule the web form applies; the answer is the address as stored (trimmed, postcode upper case,
 * phone in E.164), or a 400 naming the first field at fault with its docs/product/validation.md message.
 */
export function validatePostalAddress(input: PostalAddress, fieldPrefix = 'body'): PostalAddress {
  const { problems, address } = checkAddress(input);
  if (address) return address;
  const field = addressFields.find((name) => problems[name])!;
  const message =
    problems[field] === 'required'
      ? `${addressProblemMessages[field].replace(/ must be valid$/, '')} is required`
      : addressProblemMessages[field];
  throw invalid(`${fieldPrefix}.${field}`, message);
}
