import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, ProfileUpdate } from '@photo/contracts/customers';
import { createCustomersRepository } from './customers.repository';
import { createCustomersService } from './customers.service';
import type { ViesCheck } from './vat-ids';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';

const details: ProfileUpdate = {
  salutation: 'ms',
  firstName: 'Demi',
  lastName: 'de Jong',
  phone: '020 123 4567',
  dateOfBirth: '1990-05-17',
};

describe(`personal details over HTTP (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;

  const me = (who: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/customers/customers/me', headers: who.headers });
  const update = (who: SignedIn, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/customers/customers/me', headers: who.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(createCustomersRepository(t.db));
  });
  afterAll(() => t.close());

  it('keeps the details, with the phone in E.164 (the storefront’s country for a national number)', async () => {
    const demo = await signIn(t, { email: 'demo@example.com' });
    const answer = await update(demo, details);
    expect(answer.statusCode).toBe(200);
    expect((await me(demo)).json<Customer>()).toMatchObject({
      salutation: 'ms',
      lastName: 'de Jong',
      phone: '+31201234567',
      dateOfBirth: '1990-05-17',
      companyName: null,
    });
    // Cleared again: the optional fields are optional.
    await update(demo, { ...details, salutation: null, phone: '', dateOfBirth: '' });
    expect((await me(demo)).json<Customer>()).toMatchObject({
      salutation: null,
      phone: null,
      dateOfBirth: null,
    });
  });

  it('refuses a bad phone, a future birth date and an empty name with the field at fault', async () => {
    const demo = await signIn(t, { email: 'demo@example.com' });
    const phone = await update(demo, { ...details, phone: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({
      error: { field: 'body.phone', message: 'Phone number must be valid' },
    });
    expect((await update(demo, { ...details, dateOfBirth: '2999-01-01' })).json()).toMatchObject({
      error: { field: 'body.dateOfBirth' },
    });
    expect((await update(demo, { ...details, firstName: '' })).statusCode).toBe(400);
    expect((await me(demo)).json<Customer>().firstName).toBe('Demi');
  });

  it('keeps names without bidirectional overrides or control characters, and a name of them only is empty', async () => {
    const demo = await signIn(t, { email: 'demo@example.com' });
    // U+202E shows what follows right to left: 'Demi \u202Egnoj ed' would read as 'Demi de jong'.
    const answer = await update(demo, {
      ...details,
      firstName: 'Demi \u202Egnoj ed\u202C',
      lastName: '\u2066de\tJong\u2069\r\n',
      phone: '\u202D020 123 4567',
    });
    expect(answer.statusCode).toBe(200);
    expect((await me(demo)).json<Customer>()).toMatchObject({
      firstName: 'Demi gnoj ed',
      lastName: 'de Jong',
      phone: '+31201234567',
    });
    const invisible = await update(demo, { ...details, firstName: '\u202E\u2067\u0007' });
    expect(invisible.json()).toMatchObject({ error: { field: 'body.firstName' } });
    expect((await me(demo)).json<Customer>().firstName).toBe('Demi gnoj ed');

    const business = await signIn(t, { email: 'b2b@example.com' });
    const company = await update(business, {
      ...details,
      companyName: 'Bakker\u202E VB Foto\n',
      chamberOfCommerceNumber: '\u20661234\t5678\u2069',
      vatId: '',
    });
    expect(company.json<Customer>()).toMatchObject({
      companyName: 'Bakker VB Foto',
      chamberOfCommerceNumber: '1234 5678',
    });
  });

  it('checks a B2B VAT id by format and checksum, and moves a New account to Default once complete', async () => {
    const business = await signIn(t, { email: 'b2b-new@example.com' });
    const company = { ...details, companyName: 'Novak Foto BV', chamberOfCommerceNumber: '12345678' };
    const badChecksum = await update(business, { ...company, vatId: 'NL123456789B01' });
    expect(badChecksum.json()).toMatchObject({
      error: { field: 'body.vatId', message: 'VAT number must be valid' },
    });
    // Without a VAT id the details are incomplete: still New.
    expect((await update(business, { ...company, vatId: '' })).json<Customer>().status).toBe('New');
    const complete = await update(business, { ...company, vatId: 'nl 0044.95445.B01' });
    expect(complete.json<Customer>()).toMatchObject({ status: 'Default', vatId: 'NL004495445B01' });
  });

  it('asks VIES, when configured, about EU ids only, and refuses an id it answers invalid', async () => {
    const business = (await createCustomersRepository(t.db).findActiveByEmail('b2b-new@example.com'))!;
    const asked: string[] = [];
    const vies = (answer: Awaited<ReturnType<ViesCheck['check']>>): ViesCheck => ({
      check: async (vatId) => {
        asked.push(vatId.normalized);
        return answer;
      },
    });
    const caller = { customerId: business.id, isB2B: true, storefrontId: 'nl' };
    const company = { ...details, companyName: 'Novak Foto BV', chamberOfCommerceNumber: '12345678' };
    const refusing = createCustomersService(createCustomersRepository(t.db), { vies: vies('invalid') });
    await expect(
      refusing.updateProfile(caller, { ...company, vatId: 'BE 0403.019.261' }),
    ).rejects.toMatchObject({
      status: 400,
      field: 'body.vatId',
    });
    // Norway is not in VIES: its id stands on its own country's checksum.
    await expect(
      refusing.updateProfile(caller, { ...company, vatId: 'NO 923 609 016 MVA' }),
    ).resolves.toMatchObject({ vatId: 'NO923609016MVA' });
    // A register that does not answer refuses no customer.
    const down = createCustomersService(createCustomersRepository(t.db), { vies: vies('unavailable') });
    await expect(down.updateProfile(caller, { ...company, vatId: 'EL 094259216' })).resolves.toMatchObject({
      vatId: 'EL094259216',
    });
    expect(asked).toEqual(['BE0403019261', 'EL094259216']);
  });

  it('never unblocks a blocked account, and ignores company fields of a private customer', async () => {
    const blocked = await signIn(t, { email: 'b2b-blocked@example.com' });
    const answer = await update(blocked, {
      ...details,
      companyName: 'Berg AB',
      vatId: 'NL004495445B01',
      chamberOfCommerceNumber: '1',
    });
    expect(answer.json<Customer>().status).toBe('Blocked');
    const demo = await signIn(t, { email: 'demo@example.com' });
    const privateAnswer = await update(demo, { ...details, companyName: 'Ignored BV' });
    expect(privateAnswer.json<Customer>().companyName).toBeNull();
  });
});
