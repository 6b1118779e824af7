import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@photo/contracts/addresses';
import { signInDemoAccounts, type SignedIn } from '../testing/sign-in';
import { testAddressInput } from '../testing/test-addresses';
import { createTestApp, type TestApp } from '../testing/test-app';

const home = testAddressInput({
  postcode: '1012 lg',
  phone: '06 12345678',
  isDefaultDelivery: false,
  isDefaultBilling: false,
});
const office = testAddressInput({
  country: 'IT',
  street: 'Via Appia',
  houseNumber: '10',
  postcode: '00184',
  city: 'Roma',
  region: 'RM',
  isDefaultBilling: false,
});

describe(`saved addresses over HTTP (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/customers/customers/me/addresses${path}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const list = async (who: SignedIn) => (await call(who, 'GET')).json<Address[]>();

  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
  });
  afterAll(() => t.close());

  it('saves an address as the validator normalised it; the first is the default of both kinds', async () => {
    expect(await list(owner)).toEqual([]);
    const created = await call(owner, 'POST', '', home);
    expect(created.statusCode).toBe(201);
    expect(created.json<Address>()).toMatchObject({
      postcode: '1012 LG',
      phone: '+31612345678',
      isDefaultDelivery: true,
      isDefaultBilling: true,
    });
  });

  it('moves a default flag to the address that claims it, and keeps one of each', async () => {
    const second = (await call(owner, 'POST', '', office)).json<Address>();
    const [first, secondListed] = await list(owner);
    expect(first).toMatchObject({ isDefaultDelivery: false, isDefaultBilling: true });
    expect(secondListed).toMatchObject({ id: second.id, isDefaultDelivery: true, isDefaultBilling: false });
    // Deleting the default delivery address passes the flag to the oldest remaining one.
    expect((await call(owner, 'DELETE', `/${second.id}`)).statusCode).toBe(204);
    expect(await list(owner)).toEqual([
      expect.objectContaining({ isDefaultDelivery: true, isDefaultBilling: true }),
    ]);
  });

  it('answers 400 with the field and the docs/product/validation.md message, and stores nothing', async () => {
    const before = await list(owner);
    for (const [change, field, message] of [
      [{ postcode: '10115' }, 'body.postcode', 'Postal Code must be valid'],
      [{ phone: '0612' }, 'body.phone', 'Phone number must be valid'],
      [{ houseNumber: 'one' }, 'body.houseNumber', 'Street number must be valid'],
      [{ street: '!!' }, 'body.street', 'Street name must be valid'],
    ] as const) {
      const answer = await call(owner, 'POST', '', { ...home, ...change });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: { field, message } });
    }
    expect((await call(owner, 'POST', '', { ...home, country: 'US' })).statusCode).toBe(400);
    expect(await list(owner)).toEqual(before);
  });

  it('edits an address of the caller only: another customer’s id is 404 and changes nothing', async () => {
    const [mine] = await list(owner);
    const edited = await call(owner, 'PUT', `/${mine!.id}`, {
      ...home,
      street: 'Rokin',
      isDefaultDelivery: true,
    });
    expect(edited.json<Address>().street).toBe('Rokin');
    expect((await call(stranger, 'GET')).json()).toEqual([]);
    expect((await call(stranger, 'PUT', `/${mine!.id}`, home)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/${mine!.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/not-an-id')).statusCode).toBe(404);
    expect((await list(owner))[0]!.street).toBe('Rokin');
  });

  it('needs a signed-in caller', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/customers/customers/me/addresses',
      headers: { host: 'nl.localhost:8080' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores an address without bidirectional overrides or control characters; a field of them only is empty', async () => {
    const created = await call(owner, 'POST', '', {
      ...home,
      // U+202E would show 'kardam' as 'madrak': a street that reads as another.
      firstName: 'Demi\u202E',
      street: '\u2066Dam\u2069rak\n',
      city: 'Amster\tdam',
      addressLine2: '3rd floor\u001B\r\nback door',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<Address>()).toMatchObject({
      firstName: 'Demi',
      street: 'Damrak',
      city: 'Amster dam',
      addressLine2: '3rd floor back door',
    });
    const before = await list(owner);
    const invisible = await call(owner, 'POST', '', { ...home, lastName: '\u202E\u202C\t' });
    expect(invisible.json()).toMatchObject({ error: { field: 'body.lastName' } });
    expect(await list(owner)).toEqual(before);
  });
});
