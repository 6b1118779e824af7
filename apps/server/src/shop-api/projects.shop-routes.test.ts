import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectPageSchema } from '@photo/contracts/projects';
import { ShopProjectSchema, shopProjectsApi } from '@photo/contracts/shop-projects';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { shopPath } from './shop-api.router';

const TOKEN = 'shop-token-for-tests-0123456789abcdef';
const PROJECT = '0190a0b0-1111-7000-8000-000000000001';

describe('projects through the shop-side API', () => {
  let t: TestApp;
  let owner: SignedIn;
  let ownerId: string;
  let strangerId: string;
  const send = (method: 'PUT' | 'DELETE', url: string, payload: object, token = TOKEN) =>
    t.app.inject({ method, url, headers: { host: '127.0.0.1', authorization: `Bearer ${token}` }, payload });
  const listed = async () =>
    ProjectPageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/projects/api/v2/projects/${ownerId}`,
          headers: owner.headers,
        })
      ).json(),
    ).projects;

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: TOKEN });
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    owner = await signIn(t, { email: 'demo@example.com' });
    ownerId = (await customers.findActiveByEmail('demo@example.com'))!.id;
    strangerId = (await customers.findActiveByEmail('b2b@example.com'))!.id;
  });
  afterAll(() => t.close());

  it('creates, previews, renames and deletes a project the customer then sees', async () => {
    const url = shopPath(shopProjectsApi.putProject, { projectId: PROJECT });
    const body = {
      email: 'demo@example.com',
      storefront: 'nl',
      name: 'Holiday book',
      productCode: 'PB_A4',
      productName: 'Photo book A4',
    };
    expect((await send('PUT', url, body, `${TOKEN}x`)).statusCode).toBe(401);
    const created = ShopProjectSchema.parse((await send('PUT', url, body)).json());
    expect(created).toMatchObject({ id: PROJECT, customerId: ownerId, hasPreview: false });
    expect((await listed()).map((project) => project.name)).toEqual(['Holiday book']);

    const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const previewUrl = shopPath(shopProjectsApi.putPreview, { projectId: PROJECT });
    const previewed = await send('PUT', previewUrl, {
      accountId: ownerId,
      imageBase64: image.toString('base64'),
    });
    expect(ShopProjectSchema.parse(previewed.json()).hasPreview).toBe(true);
    const [withPreview] = await listed();
    const file = await t.app.inject({ method: 'GET', url: withPreview!.previewUrl!, headers: owner.headers });
    expect((await sharp(file.rawPayload).metadata()).width).toBe(600);
    const junk = await send('PUT', previewUrl, {
      accountId: ownerId,
      imageBase64: Buffer.from('nope').toString('base64'),
    });
    expect(junk.statusCode).toBe(400);
    expect(
      (await send('PUT', previewUrl, { accountId: strangerId, imageBase64: image.toString('base64') }))
        .statusCode,
    ).toBe(404);

    expect((await send('PUT', url, { ...body, email: 'b2b@example.com' })).statusCode).toBe(409);
    // The name the customer typed in the editor, cleaned like all typed text (decision 118).
    await send('PUT', url, { ...body, name: 'Holiday\tbook \u202E6202\u202C\n' });
    expect((await listed())[0]!.name).toBe('Holiday book 6202');
    expect((await send('PUT', url, { ...body, name: '\u2066\u2069' })).statusCode).toBe(400);
    await send('PUT', url, { ...body, name: 'Holiday book 2026' });
    expect((await listed())[0]!.name).toBe('Holiday book 2026');

    const deleteUrl = shopPath(shopProjectsApi.deleteProject, { projectId: PROJECT });
    expect((await send('DELETE', deleteUrl, { accountId: strangerId })).statusCode).toBe(404);
    expect((await send('DELETE', deleteUrl, { accountId: ownerId })).json()).toEqual({ deleted: true });
    expect(await listed()).toEqual([]);
  });
});
