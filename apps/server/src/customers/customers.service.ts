import { countryOfChannel } from '@photo/contracts/addresses';
import { normalizePhone } from '@photo/contracts/phone';
import type { Customer, CustomerStatus, ProfileUpdate } from '@photo/contracts/customers';
import { cleanLine } from '@photo/contracts/text';
import type { Caller } from '../platform/caller';
import { invalid, notFound } from '../platform/errors';
import type { CustomerRecord, CustomersRepository } from './customers.repository';
import { euCountries, parseVatId, type ViesCheck } from './vat-ids';

const MARKUP = /[<>;]/;

function toProfile(record: CustomerRecord): Customer {
  const { passwordHash: _hash, deleted: _deleted, ...profile } = record;
  return profile;
}

/** A profile field as stored: cleaned by the one text rule (decision 118), then checked; empty is null. */
function text(value: string | undefined, field: string): string | null {
  const cleaned = cleanLine(value ?? '');
  if (MARKUP.test(cleaned)) throw invalid(`body.${field}`, `${field} must be valid`);
  return cleaned === '' ? null : cleaned;
}

/** docs/product/entities.md and issue 12: a B2B account is New until its company name, VAT id and chamber number are given. */
function statusAfter(record: CustomerRecord, companyComplete: boolean): CustomerStatus {
  return record.isB2B && record.status === 'New' && companyComplete ? 'Default' : record.status;
}

/** `vies`: the optional online check of EU VAT ids (decision 126); without it an id is checked offline only. */
export function createCustomersService(customers: CustomersRepository, options: { vies?: ViesCheck } = {}) {
  /** A VAT id as written on invoices (`NL004495445B01`): valid for the country it claims, and not refused by VIES. */
  const checkedVatId = async (value: string): Promise<string | undefined> => {
    const vatId = parseVatId(value);
    if (!vatId) return undefined;
    // An unavailable register refuses no customer: the offline check stands until VIES answers again.
    if (options.vies && euCountries.has(vatId.country) && (await options.vies.check(vatId)) === 'invalid') {
      return undefined;
    }
    return vatId.normalized;
  };

  const liveRecord = async (caller: Caller): Promise<CustomerRecord> => {
    const record = await customers.findById(caller.customerId);
    if (!record || record.deleted) throw notFound('Customer not found');
    return record;
  };

  return {
    /** A deleted account answers 404: the web app reads that as "account deleted" (docs/product/entities.md). */
    async getProfile(caller: Caller): Promise<Customer> {
      return toProfile(await liveRecord(caller));
    },

    async updateProfile(caller: Caller, update: ProfileUpdate): Promise<Customer> {
      const record = await liveRecord(caller);
      const firstName = text(update.firstName, 'firstName');
      const lastName = text(update.lastName, 'lastName');
      if (!firstName) throw invalid('body.firstName', 'First name is required');
      if (!lastName) throw invalid('body.lastName', 'Last name is required');
      let phone: string | null = null;
      const typedPhone = cleanLine(update.phone);
      if (typedPhone !== '') {
        phone = normalizePhone(typedPhone, countryOfChannel(caller.storefrontId)) ?? null;
        if (!phone) throw invalid('body.phone', 'Phone number must be valid');
      }
      const dateOfBirth = update.dateOfBirth === '' ? null : update.dateOfBirth;
      if (dateOfBirth && (dateOfBirth < '1900-01-01' || Date.parse(dateOfBirth) > Date.now())) {
        throw invalid('body.dateOfBirth', 'Date of birth must be valid');
      }
      let companyName: string | null = null;
      let vatId: string | null = null;
      let chamberOfCommerceNumber: string | null = null;
      if (record.isB2B) {
        companyName = text(update.companyName, 'companyName');
        chamberOfCommerceNumber = text(update.chamberOfCommerceNumber, 'chamberOfCommerceNumber');
        const vat = text(update.vatId, 'vatId');
        if (vat) {
          vatId = (await checkedVatId(vat)) ?? null;
          if (!vatId) throw invalid('body.vatId', 'VAT number must be valid');
        }
      }
      const updated = await customers.updateProfile(record.id, {
        salutation: update.salutation,
        firstName,
        lastName,
        phone,
        dateOfBirth,
        companyName,
        vatId,
        chamberOfCommerceNumber,
        status: statusAfter(record, Boolean(companyName && vatId && chamberOfCommerceNumber)),
      });
      if (!updated) throw notFound('Customer not found');
      return toProfile(updated);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
