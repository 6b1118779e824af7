import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_LINK_HOURS, CONFIRMATION_TOKEN_PARAM } from '@photo/contracts/identities';
import { hashPassword } from '../auth/password';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import type { BlobStore } from '../platform/blob-store';
import { fixedClock } from '../platform/clock';
import { rateLimits } from '../platform/rate-limits';
import { uuidv7 } from '../platform/uuid';
import { linkTo, mailsTo } from '../testing/mailbox';
import { signIn, type SignedIn } from '../testing/sign-in';
import { testAddressInput } from '../testing/test-addresses';
import { createTestApp, type TestApp } from '../testing/test-app';
import { insertTestOrder } from '../testing/test-orders';
import { insertTestPhotos } from '../testing/test-photos';

const PASSWORD = 'a-good-password';

describe(`the Auth API: e-mail change and account deletion (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  // The first deletePrefix calls fail while this is set: an erasure interrupted half-way.
  let failingDeletes = 0;
  // The time of the link expiry; it stands still unless a test moves it.
  const clock = fixedClock(new Date());

  const newCustomer = async () => {
    const email = `${uuidv7()}@example.com`;
    const record = await createCustomersRepository(t.db).insert({
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Tess',
      lastName: 'Temp',
      isB2B: false,
      status: 'Default',
    });
    return { id: record.id, email, session: await signIn(t, { email, password: PASSWORD }) };
  };
  const post = (who: SignedIn, path: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/v2/identities/${path}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get(CONFIRMATION_TOKEN_PARAM)!;
  const me = (who: SignedIn) => t.app.inject({ url: '/api/customers/customers/me', headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        clock,
        wrapBlobs: (blobs): BlobStore => ({
          ...blobs,
          deletePrefix: async (prefix) => {
            if (failingDeletes > 0) {
              failingDeletes -= 1;
              throw new Error('disk gone');
            }
            return blobs.deletePrefix(prefix);
          },
        }),
      },
    );
    await seedDemoAccounts(createCustomersRepository(t.db));
  });
  afterAll(() => t.close());

  it('changes the sign-in address through a single-use link to the new address, and tells the old one', async () => {
    const tess = await newCustomer();
    const identity = `photo-shop/${tess.id}`;
    const newEmail = `${uuidv7()}@example.com`;
    const ask = (payload: Record<string, unknown>) => post(tess.session, `${identity}/emailchanges`, payload);

    expect((await ask({ email: newEmail, channel: 'NL', password: 'wrong' })).json()).toMatchObject({
      error: { field: 'body.password' },
    });
    expect((await ask({ email: newEmail, channel: 'NL', password: PASSWORD })).statusCode).toBe(204);

    const [mail] = await mailsTo(t, newEmail);
    expect(mail?.template).toBe('identity.email-change.confirm');
    const token = tokenOf(linkTo(mail!, '/change-email-confirmation'));

    // Another customer cannot use it, nor can a path naming someone else's identity.
    const stranger = await newCustomer();
    expect(
      (await post(stranger.session, `photo-shop/${stranger.id}/emailchanges/${token}/actions/confirm`))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(stranger.session, `${identity}/emailchanges/${token}/actions/confirm`)).statusCode,
    ).toBe(404);

    const confirmed = await post(tess.session, `${identity}/emailchanges/${token}/actions/confirm`);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect((await post(tess.session, `${identity}/emailchanges/${token}/actions/confirm`)).statusCode).toBe(
      404,
    );

    const [notice] = await mailsTo(t, tess.email);
    expect(notice?.template).toBe('identity.email-change.notice');
    expect(notice?.text).toContain(newEmail);
    expect((await me(await signIn(t, { email: newEmail, password: PASSWORD }))).json()).toMatchObject({
      email: newEmail,
    });
    await expect(signIn(t, { email: tess.email, password: PASSWORD })).rejects.toThrow();
  });

  it('answers a change to an address another account uses exactly as to a free one: its owner is told, no link, nothing changes', async () => {
    const tess = await newCustomer();
    const owner = await newCustomer();
    const identity = `photo-shop/${tess.id}`;
    const free = `${uuidv7()}@example.com`;
    const ask = (email: string) =>
      post(tess.session, `${identity}/emailchanges`, { email, channel: 'NL', password: PASSWORD });
    const answerOf = (response: Awaited<ReturnType<typeof ask>>) => ({
      status: response.statusCode,
      body: response.body,
      contentType: response.headers['content-type'],
    });
    const openLinks = async () =>
      (
        await t.db.query<{ new_email: string }>(
          `SELECT new_email FROM identity_confirmations
           WHERE kind = 'email-change' AND used_at IS NULL AND expires_at > $2 AND customer_id = ANY($1)`,
          [[tess.id, owner.id], clock.now()],
        )
      ).rows.map((row) => row.new_email);

    const toFree = answerOf(await ask(free));
    // The owner's address in other letters: the account is found all the same.
    const toUsed = answerOf(await ask(owner.email.toUpperCase()));
    expect(toUsed).toEqual(toFree);
    expect(toUsed.status).toBe(204);

    const [mail, ...more] = await mailsTo(t, owner.email);
    expect(more).toEqual([]);
    expect(mail?.template).toBe('identity.email-change.existing-account');
    expect(mail?.subject).toBe(
      'Iemand wilde jouw e-mailadres gebruiken voor een ander account bij PhotoShop Nederland',
    );
    expect(mail?.text).toContain('Hallo Tess,');
    expect(mail?.text).toContain('Dit adres hoort al bij jouw account, dus er is niets veranderd');
    // No way to take the address over, and nothing about who asked.
    expect(mail?.links.some((link) => new URL(link).pathname === '/change-email-confirmation')).toBe(false);
    expect(mail?.text).not.toContain(tess.email);
    expect((await mailsTo(t, free)).map((sent) => sent.template)).toEqual(['identity.email-change.confirm']);

    // Neither account changed, and the link to the free address is still the one that works.
    expect(await openLinks()).toEqual([free]);
    expect((await me(tess.session)).json()).toMatchObject({ email: tess.email });
    expect((await me(owner.session)).json()).toMatchObject({ email: owner.email });
    await signIn(t, { email: owner.email, password: PASSWORD });
    const token = tokenOf(linkTo((await mailsTo(t, free))[0]!, '/change-email-confirmation'));
    expect((await post(tess.session, `${identity}/emailchanges/${token}/actions/confirm`)).json()).toEqual({
      email: free,
    });
  });

  it('keeps its limits for a used address: 429 per asking account, and a few mails an hour to the address', async () => {
    const owner = await newCustomer();
    const ask = (who: Awaited<ReturnType<typeof newCustomer>>) =>
      post(who.session, `photo-shop/${who.id}/emailchanges`, {
        email: owner.email,
        channel: 'NL',
        password: PASSWORD,
      });
    const tess = await newCustomer();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= rateLimits.identityConfirmations.max; attempt += 1)
      statuses.push((await ask(tess)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);

    // Other accounts asking for the same address: the same answer, and no more mails to its owner.
    const others = [await newCustomer(), await newCustomer()];
    for (const other of others) expect((await ask(other)).statusCode).toBe(204);
    const mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(rateLimits.emailChangeMails.max);
    expect(new Set(mails.map((mail) => mail.template))).toEqual(
      new Set(['identity.email-change.existing-account']),
    );
  });

  it('refuses a link a newer request replaced, and a link 24 hours old by the app clock', async () => {
    const tess = await newCustomer();
    const identity = `photo-shop/${tess.id}`;
    const first = `${uuidv7()}@example.com`;
    const second = `${uuidv7()}@example.com`;
    const asked = new Date();
    clock.set(asked);
    await post(tess.session, `${identity}/emailchanges`, { email: first, channel: 'NL', password: PASSWORD });
    await post(tess.session, `${identity}/emailchanges`, {
      email: second,
      channel: 'NL',
      password: PASSWORD,
    });
    const replaced = tokenOf(linkTo((await mailsTo(t, first))[0]!, '/change-email-confirmation'));
    const current = tokenOf(linkTo((await mailsTo(t, second))[0]!, '/change-email-confirmation'));
    const confirm = (token: string) =>
      post(tess.session, `${identity}/emailchanges/${token}/actions/confirm`);
    expect((await confirm(replaced)).statusCode).toBe(404);

    const expiry = asked.getTime() + CONFIRMATION_LINK_HOURS * 60 * 60 * 1000;
    clock.set(new Date(expiry));
    expect((await confirm(current)).statusCode).toBe(404);
    expect((await me(tess.session)).json()).toMatchObject({ email: tess.email });
    // The refused attempt did not use the link up: a moment earlier it still works.
    clock.set(new Date(expiry - 1));
    expect((await confirm(current)).statusCode).toBe(200);
    expect((await me(tess.session)).json()).toMatchObject({ email: second });
  });

  it('answers 429 when asked too often', async () => {
    const tess = await newCustomer();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await post(tess.session, `photo-shop/${tess.id}/deleteaccount`, { channel: 'NL' });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
  });

  it('deletes an account on the mailed link: signed out everywhere, then everything erased, even after a failed attempt', async () => {
    const tess = await newCustomer();
    const elsewhere = await signIn(t, { email: tess.email, password: PASSWORD });
    const identity = `photo-shop/${tess.id}`;
    const [photoId] = await insertTestPhotos(t.db, tess.id, ['2024-05-01T10:00:00']);
    await t.blobs.put(`photos/${tess.id}/${photoId}/original`, Buffer.from('jpeg'), 'image/jpeg');
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/customers/me/addresses',
      headers: tess.session.headers,
      payload: testAddressInput({ firstName: 'Tess', lastName: 'Temp' }),
    });
    // Someone else's data stays.
    const other = await newCustomer();
    const [otherPhoto] = await insertTestPhotos(t.db, other.id, ['2024-05-01T10:00:00']);
    await t.blobs.put(`photos/${other.id}/${otherPhoto}/original`, Buffer.from('jpeg'), 'image/jpeg');

    expect((await post(tess.session, `${identity}/deleteaccount`, { channel: 'NL' })).statusCode).toBe(204);
    const [mail] = await mailsTo(t, tess.email);
    expect(mail?.template).toBe('identity.account-deletion.confirm');
    const token = tokenOf(linkTo(mail!, '/delete-account-confirmation'));

    failingDeletes = 1;
    const confirmed = await post(tess.session, `${identity}/deleteaccount/${token}/actions/confirm`);
    expect(confirmed.statusCode).toBe(204);
    expect(confirmed.headers['set-cookie']).toMatch(/Max-Age=0/);
    // Signed out everywhere at once, whatever the job has done so far.
    expect((await me(tess.session)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    await expect(signIn(t, { email: tess.email, password: PASSWORD })).rejects.toThrow();

    // The first attempt failed on the files; the retry finishes the work.
    await t.app.jobs.drain();
    expect(failingDeletes).toBe(0);
    await t.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'account.erase'`);
    await t.app.jobs.drain();

    for (const table of ['customers', 'photos', 'customer_addresses', 'sessions', 'identity_confirmations']) {
      const column = table === 'customers' ? 'id' : table === 'photos' ? 'owner_id' : 'customer_id';
      const { rows } = await t.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [tess.id]);
      expect(rows, table).toHaveLength(0);
    }
    expect(await t.blobs.stat(`photos/${tess.id}/${photoId}/original`)).toBeUndefined();
    expect(await t.blobs.stat(`photos/${other.id}/${otherPhoto}/original`)).toBeDefined();
    expect((await me(other.session)).statusCode).toBe(200);
  });

  /** An order, a saved project with its preview, an invoice with its PDF and callback settings. */
  const giveBusinessData = async (customerId: string) => {
    const { code, orderId } = await insertTestOrder(t.db, customerId);
    const projectId = uuidv7();
    const previewKey = `projects/${customerId}/${projectId}/preview.webp`;
    await t.blobs.put(previewKey, Buffer.from('webp'), 'image/webp');
    await t.db.query(
      `INSERT INTO projects (id, owner_id, storefront_id, name, product_code, product_name, preview_key, preview_size)
       VALUES ($1, $2, 'photo-shop-nl', 'Holiday', 'BOOK_A4_HARD', 'Photo book', $3, 4)`,
      [projectId, customerId, previewKey],
    );
    await t.db.query(
      `UPDATE customers SET is_b2b = true, callback_url = 'https://tess.example/hook' WHERE id = $1`,
      [customerId],
    );
    await t.db.query(`INSERT INTO callback_secrets (customer_id, sealed_secret) VALUES ($1, 'sealed')`, [
      customerId,
    ]);
    await t.db.query(
      `INSERT INTO callback_deliveries (id, customer_id, event, order_code, payload) VALUES ($1, $2, 'order', $3, '{}')`,
      [uuidv7(), customerId, code],
    );
    await t.db.query(
      `INSERT INTO payments (id, customer_id, purpose, reference, amount_minor, currency, provider)
       VALUES ($1, $2, 'prints', $3, 2995, 'EUR', 'test')`,
      [uuidv7(), customerId, code],
    );
    const invoiceId = uuidv7();
    const pdfKey = `invoices/${customerId}/${invoiceId}.pdf`;
    await t.blobs.put(pdfKey, Buffer.from('%PDF'), 'application/pdf');
    const number = Math.floor(Math.random() * 1e9);
    const snapshot = {
      invoiceNumber: `NL-${number}`,
      buyer: {
        companyName: 'Tess Temp',
        addressLines: ['Damrak 1', '1012LG Amsterdam'],
        country: 'NL',
        vatId: null,
      },
      gross: 2995,
    };
    await t.db.query(
      `INSERT INTO invoices (id, customer_id, storefront_id, number, invoice_number, order_id, order_ref, issued_at,
         currency, gross_total, snapshot, pdf_key, pdf_size)
       VALUES ($1, $2, 'erasure-test', $3, $4, $5, $6, now(), 'EUR', 2995, $7, $8, 4)`,
      [invoiceId, customerId, number, `NL-${number}`, orderId, code, JSON.stringify(snapshot), pdfKey],
    );
    return { invoiceId, pdfKey, previewKey };
  };

  it('erases a business customer: orders, projects and their previews, callbacks, payments; keeps the invoice under a pseudonym', async () => {
    const tess = await newCustomer();
    const tessData = await giveBusinessData(tess.id);
    const other = await newCustomer();
    const otherData = await giveBusinessData(other.id);

    expect(
      (await post(tess.session, `photo-shop/${tess.id}/deleteaccount`, { channel: 'NL' })).statusCode,
    ).toBe(204);
    const [mail] = await mailsTo(t, tess.email);
    const token = tokenOf(linkTo(mail!, '/delete-account-confirmation'));
    // Interrupted half-way through the files: the retry finishes.
    failingDeletes = 1;
    expect(
      (await post(tess.session, `photo-shop/${tess.id}/deleteaccount/${token}/actions/confirm`)).statusCode,
    ).toBe(204);
    await t.app.jobs.drain();
    await t.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'account.erase'`);
    await t.app.jobs.drain();

    for (const [table, column] of [
      ['customers', 'id'],
      ['super_orders', 'customer_id'],
      ['orders', 'customer_id'],
      ['projects', 'owner_id'],
      ['callback_secrets', 'customer_id'],
      ['callback_deliveries', 'customer_id'],
      ['payments', 'customer_id'],
      ['invoices', 'customer_id'],
    ] as const) {
      const { rows } = await t.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [tess.id]);
      expect(rows, table).toHaveLength(0);
    }
    expect(await t.blobs.stat(tessData.previewKey)).toBeUndefined();

    // The invoice stays, as issued in numbers, naming a pseudonym; its PDF is kept as the legal document.
    const { rows: kept } = await t.db.query<{
      invoice_number: string;
      gross_total: string;
      snapshot: unknown;
    }>('SELECT invoice_number, gross_total, snapshot FROM invoices WHERE id = $1', [tessData.invoiceId]);
    expect(kept).toHaveLength(1);
    const keptText = JSON.stringify(kept[0]);
    expect(keptText).toContain('deleted-customer-');
    expect(keptText).toContain('Damrak 1');
    expect(keptText).not.toContain('Tess');
    expect(keptText).not.toContain(tess.email);
    expect(Number(kept[0]!.gross_total)).toBe(2995);
    expect(await t.blobs.stat(tessData.pdfKey)).toBeDefined();
    const { rows: holders } = await t.db.query<Record<string, unknown>>(
      'SELECT c.* FROM customers c JOIN invoices i ON i.customer_id = c.id WHERE i.id = $1',
      [tessData.invoiceId],
    );
    expect(JSON.stringify(holders)).not.toMatch(new RegExp(`Tess|${tess.email}|tess.example`));

    // Someone else's data stays.
    expect(await t.blobs.stat(otherData.previewKey)).toBeDefined();
    for (const table of ['orders', 'callback_secrets', 'invoices']) {
      const { rows } = await t.db.query(`SELECT 1 FROM ${table} WHERE customer_id = $1`, [other.id]);
      expect(rows, table).toHaveLength(1);
    }
    const { rows: otherProjects } = await t.db.query('SELECT 1 FROM projects WHERE owner_id = $1', [
      other.id,
    ]);
    expect(otherProjects).toHaveLength(1);
    expect((await me(other.session)).statusCode).toBe(200);
  });
});
