import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { NEWSLETTER_CONSENT_VERSION } from '@photo/contracts/newsletter';
import { mapPosterDocument, zipFiles } from '../demo/demo-pdfs';
import { buildOpenApiDocuments } from '../platform/openapi';
import { renderPdf } from '../platform/pdf-renderer';
import { signIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The guide's examples are tested text: each `http` block of docs/shop-integration.md is a request, the
 * block after it its answer, sent in order to a server holding the demo accounts. Only the two names
 * the guide says are filled in are filled in; a line `<…>` stands for a file the test makes.
 */
const guide = await readFile(new URL('../../../../docs/shop-integration.md', import.meta.url), 'utf8');
const TOKEN = 'shop-token-for-the-guide-0123456789abcdef';

interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  answer: { status: number; body: string };
}

function exchanges(markdown: string): Exchange[] {
  const blocks = [...markdown.matchAll(/^```http\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  const found: Exchange[] = [];
  for (let i = 0; i < blocks.length; i += 2) {
    const [requestHead, requestBody = ''] = blocks[i]!.split(/\n\n/, 2) as [string, string?];
    const [requestLine, ...headerLines] = requestHead.trim().split('\n');
    const [method, url] = requestLine!.split(' ') as [string, string];
    const answerBlock = blocks[i + 1];
    const status = /^HTTP\/1\.1 (\d{3})/.exec(answerBlock ?? '')?.[1];
    if (!status) throw new Error(`The example ${requestLine} has no answer block after it`);
    found.push({
      request: {
        method,
        url,
        headers: Object.fromEntries(
          headerLines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        ),
        body: requestBody.trim(),
      },
      answer: { status: Number(status), body: answerBlock!.split(/\n\n/).slice(1).join('\n\n').trim() },
    });
  }
  return found;
}

const examples = exchanges(guide);

describe("the shop integration guide's examples", () => {
  let t: TestApp;
  let accountId: string;
  let files: Map<string, Buffer>;
  const fillIn = (text: string) =>
    text.replaceAll('$SHOP_API_TOKEN', TOKEN).replaceAll('$ACCOUNT_ID', accountId);

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: TOKEN });
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    accountId = (await customers.findActiveByEmail('demo@example.com'))!.id;
    // The guide's newsletter example is of a customer who has asked for the newsletter.
    const demo = await signIn(t, { email: 'demo@example.com' });
    await t.app.inject({
      method: 'POST',
      url: '/api/email-gateway/api/v1/Profiles/me/subscription',
      headers: demo.headers,
      payload: { consentTextVersion: NEWSLETTER_CONSENT_VERSION },
    });
    const pdf = await renderPdf(
      mapPosterDocument({
        place: 'Utrecht',
        coordinates: '52.0907° N, 5.1214° E',
        orderCode: 'NL-10023',
        productCode: 'WALL_POSTER_A1',
        createdAt: new Date('2026-11-24T10:00:00.000Z'),
      }),
    );
    files = new Map([
      ['<print-files.zip, holding map-poster.pdf>', await zipFiles([{ name: 'map-poster.pdf', data: pdf }])],
      ['<poster-nl.pdf>', pdf],
    ]);
  });
  afterAll(() => t.close());

  it('give an example of every call of the shop-side API', async () => {
    const { shop } = await buildOpenApiDocuments();
    const shown = examples.map(({ request }) => `${request.method} ${request.url.split('?')[0]}`);
    const calls = Object.entries(shop.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => {
        const pattern = new RegExp(`^${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '[^/]+')}$`);
        return { call: `${method.toUpperCase()} ${path}`, pattern };
      }),
    );
    expect(
      calls.filter(({ pattern }) => !shown.some((example) => pattern.test(example))).map(({ call }) => call),
    ).toEqual([]);
  });

  it.each(examples.map((example) => [`${example.request.method} ${example.request.url}`, example] as const))(
    '%s',
    async (_name, { request, answer }) => {
      const body = request.body === '' ? undefined : (files.get(request.body) ?? fillIn(request.body));
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: fillIn(request.url),
        headers: {
          host: 'nl.localhost:8080',
          ...Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, fillIn(v)])),
        },
        ...(body === undefined ? {} : { payload: body }),
      });
      expect(response.statusCode, response.body).toBe(answer.status);
      if (answer.body !== '')
        expect(response.json()).toMatchObject(JSON.parse(fillIn(answer.body)) as object);
    },
  );
});
