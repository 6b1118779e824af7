import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontResolver } from '../storefronts/storefronts';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-test-server';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createMailOutboxRepository } from './mail-outbox.repository';
import { enqueueMail, MAIL_MAX_ATTEMPTS, MAIL_SEND_JOB } from './mail-outbox.service';
import { defineMailTemplate } from './mail-template';

const orderShipped = defineMailTemplate<{ orderNumber: string }>({
  name: 'test.order-shipped',
  compose: ({ orderNumber }) => ({
    subject: `Order ${orderNumber} is on its way`,
    blocks: [
      { kind: 'paragraph', text: `Your order ${orderNumber} left our workshop today.` },
      { kind: 'action', label: 'Follow the parcel', url: `http://nl.localhost:8080/orders/${orderNumber}` },
    ],
  }),
});

/** A mail of a list: it declares where a mail client's own 'Unsubscribe' button leads. */
const listMail = defineMailTemplate<{ unsubscribeUrl: string }>({
  name: 'test.list-mail',
  compose: ({ unsubscribeUrl }) => ({
    subject: 'What is new this month',
    blocks: [{ kind: 'paragraph', text: 'New photo books.' }],
    list: { url: unsubscribeUrl, oneClick: true },
  }),
});
const UNSUBSCRIBE_URL = 'http://nl.localhost:8080/newsletter/unsubscribe/1.test';
const LIST_HEADERS = {
  'List-Unsubscribe': `<${UNSUBSCRIBE_URL}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
};

function sendListMail(t: TestApp, to: string) {
  const storefront = createStorefrontResolver(t.config).resolve('nl.localhost:8080')!;
  return t.db.transaction((tx) =>
    enqueueMail(tx, {
      template: listMail,
      params: { unsubscribeUrl: UNSUBSCRIBE_URL },
      to,
      storefront,
      locale: 'nl-NL',
    }),
  );
}

let mails = 0;

/** Writes one mail in a transaction of its own, as a change that mails would. */
function sendOrderMail(t: TestApp, options: { rollBack?: boolean } = {}) {
  mails += 1;
  const to = `customer-${mails}@example.com`;
  const storefront = createStorefrontResolver(t.config).resolve('nl.localhost:8080')!;
  const written = t.db.transaction(async (tx) => {
    const id = await enqueueMail(tx, {
      template: orderShipped,
      params: { orderNumber: `NL-${mails}` },
      to,
      storefront,
      locale: 'nl-NL',
    });
    if (options.rollBack) throw new Error('the change failed after the mail was written');
    return id;
  });
  return { to, written };
}

const mailJobs = (t: TestApp) =>
  t.db.query<{ state: string; attempts: number; last_error: string | null; due: boolean }>(
    `SELECT state, attempts, last_error, run_at <= now() AS due FROM jobs WHERE kind = $1`,
    [MAIL_SEND_JOB],
  );

/** Lets the backoff pass at once: every retry waiting in the queue becomes due now. */
async function runDueRetries(t: TestApp) {
  await t.db.query(`UPDATE jobs SET run_at = now() WHERE kind = $1 AND state = 'queued'`, [MAIL_SEND_JOB]);
  await t.app.jobs.drain();
}

describe('mail outbox, captured (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the mail, rendered, once its change is committed and the job ran', async () => {
    const { to, written } = sendOrderMail(t);
    const id = await written;
    await t.app.jobs.drain();
    const mail = await createMailOutboxRepository(t.db).find(id);
    expect(mail).toMatchObject({
      recipient: to,
      senderName: 'PhotoShop Nederland',
      template: 'test.order-shipped',
      storefrontId: 'nl',
      locale: 'nl-NL',
      state: 'sent',
      transport: 'capture',
      attempts: 1,
      lastError: null,
    });
    expect(mail!.subject).toMatch(/^Order NL-\d+ is on its way$/);
    expect(mail!.text).toContain('Follow the parcel:\nhttp://nl.localhost:8080/orders/NL-');
    expect(mail!.html).toContain('<html lang="nl-NL">');
    expect(mail!.listHeaders).toEqual({});
    expect((await mailJobs(t)).rows).toEqual([]);
  });

  it("keeps a list mail's List-Unsubscribe headers with it", async () => {
    const id = await sendListMail(t, 'reader@example.com');
    await t.app.jobs.drain();
    expect(await createMailOutboxRepository(t.db).find(id)).toMatchObject({
      state: 'sent',
      listHeaders: LIST_HEADERS,
    });
  });

  it('writes nothing when the change that causes the mail is rolled back', async () => {
    const { to, written } = sendOrderMail(t, { rollBack: true });
    await expect(written).rejects.toThrow('the change failed');
    await t.app.jobs.drain();
    const { rows } = await t.db.query('SELECT id FROM mail_outbox WHERE recipient = $1', [to]);
    expect(rows).toEqual([]);
    expect((await mailJobs(t)).rows).toEqual([]);
  });
});

describe('mail outbox, sent by SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  const outbox = () => createMailOutboxRepository(t.db);

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@photoshop.example' },
      { holdRetries: true },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("hands the mail to the relay, logged in, from the storefront's name, and keeps no copy of the body", async () => {
    const { to, written } = sendOrderMail(t);
    const id = await written;
    await t.app.jobs.drain();

    const received = smtp.received.find((mail) => mail.messageId === `<${id}@photoshop.example>`);
    expect(received, 'the mail at the relay').toBeDefined();
    expect(received!.from?.value).toEqual([
      { name: 'PhotoShop Nederland', address: 'no-reply@photoshop.example' },
    ]);
    expect(received!.to).toMatchObject({ value: [{ address: to }] });
    expect(received!.subject).toMatch(/^Order NL-\d+ is on its way$/);
    expect(received!.text).toContain('Follow the parcel:\nhttp://nl.localhost:8080/orders/NL-');
    expect(received!.html).toContain('<a href="http://nl.localhost:8080/orders/NL-');
    expect(received!.headers.get('auto-submitted')).toBe('auto-generated');

    expect(await outbox().find(id)).toMatchObject({
      state: 'sent',
      transport: 'smtp',
      attempts: 1,
      html: null,
      text: null,
    });
  });

  it("gives the relay a list mail's List-Unsubscribe headers, and then keeps them no more than the body", async () => {
    const id = await sendListMail(t, 'reader@example.com');
    await t.app.jobs.drain();

    const received = smtp.received.find((mail) => mail.messageId === `<${id}@photoshop.example>`);
    expect(received, 'the mail at the relay').toBeDefined();
    const header = (name: string) =>
      received!.headerLines.filter((line) => line.key === name).map((line) => line.line);
    expect(header('list-unsubscribe')).toEqual([`List-Unsubscribe: <${UNSUBSCRIBE_URL}>`]);
    expect(header('list-unsubscribe-post')).toEqual(['List-Unsubscribe-Post: List-Unsubscribe=One-Click']);
    expect(received!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(await outbox().find(id)).toMatchObject({ state: 'sent', transport: 'smtp', listHeaders: {} });
  });

  it('retries with backoff while the relay says "try later", and sends once when it accepts', async () => {
    smtp.refuse(2, 451);
    const { written } = sendOrderMail(t);
    const id = await written;
    await t.app.jobs.drain();

    const afterFirst = await outbox().find(id);
    expect(afterFirst).toMatchObject({ state: 'queued', attempts: 1 });
    expect(afterFirst!.lastError).toContain('451');
    // The retry waits for its backoff, it does not run at once.
    expect((await mailJobs(t)).rows).toEqual([expect.objectContaining({ state: 'queued', due: false })]);

    await runDueRetries(t);
    expect(await outbox().find(id)).toMatchObject({ state: 'queued', attempts: 2 });
    await runDueRetries(t);
    expect(await outbox().find(id)).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    expect(smtp.received.filter((mail) => mail.messageId === `<${id}@photoshop.example>`)).toHaveLength(1);
    expect((await mailJobs(t)).rows).toEqual([]);
  });

  it('marks a mail failed, with the last error and its content, once every try is used up', async () => {
    smtp.refuse(Number.MAX_SAFE_INTEGER, 451);
    try {
      const { written } = sendOrderMail(t);
      const id = await written;
      await t.app.jobs.drain();
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) await runDueRetries(t);

      const mail = await outbox().find(id);
      expect(mail).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS, transport: null });
      expect(mail!.lastError).toContain('451');
      expect(mail!.html).toContain('Follow the parcel');
      expect((await mailJobs(t)).rows).toEqual([expect.objectContaining({ state: 'failed' })]);
      await runDueRetries(t);
      expect((await outbox().find(id))!.attempts).toBe(MAIL_MAX_ATTEMPTS);
    } finally {
      smtp.refuse(0, 451);
      await t.db.query(`DELETE FROM jobs WHERE kind = $1`, [MAIL_SEND_JOB]);
    }
  });

  it('gives up at once when the relay refuses the recipient for good (5xx)', async () => {
    smtp.refuse(1, 550);
    const { written } = sendOrderMail(t);
    const id = await written;
    await t.app.jobs.drain();
    const mail = await outbox().find(id);
    expect(mail).toMatchObject({ state: 'failed', attempts: 1 });
    expect(mail!.lastError).toContain('550');
    await t.db.query(`DELETE FROM jobs WHERE kind = $1`, [MAIL_SEND_JOB]);
  });

  it('sends nothing when the change that causes the mail is rolled back', async () => {
    const before = smtp.attempts();
    const { to, written } = sendOrderMail(t, { rollBack: true });
    await expect(written).rejects.toThrow('the change failed');
    await t.app.jobs.drain();
    expect(smtp.attempts()).toBe(before);
    expect(smtp.received.filter((mail) => mail.text?.includes(to))).toEqual([]);
    expect((await t.db.query('SELECT id FROM mail_outbox WHERE recipient = $1', [to])).rows).toEqual([]);
  });
});
