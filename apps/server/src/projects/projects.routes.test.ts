import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ProjectPageSchema } from '@photo/contracts/projects';
import { seedDemoProjects } from '../demo/demo-projects';
import { createProjectsRepository } from './projects.repository';
import { createProjectsService } from './projects.service';
import { signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';

describe(`saved projects over HTTP (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedInCustomer;
  let stranger: SignedInCustomer;

  const list = (who: SignedIn, accountId: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/projects/api/v2/projects/${accountId}${query}`,
      headers: who.headers,
    });
  const remove = (who: SignedIn, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/projects/api/v2/project/${id}`, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
    await seedDemoProjects(t.db, t.blobs, [
      { customerId: owner.customerId, storefrontId: 'nl', count: 13 },
      { customerId: stranger.customerId, storefrontId: 'nl', count: 2 },
    ]);
  });
  afterAll(() => t.close());

  it('pages through the caller’s projects, latest change first, with the total', async () => {
    const first = ProjectPageSchema.parse((await list(owner, owner.customerId)).json());
    expect(first.totalProjectCount).toBe(13);
    expect(first.projects).toHaveLength(10);
    const second = ProjectPageSchema.parse((await list(owner, owner.customerId, '?skip=10&limit=10')).json());
    expect(second.projects).toHaveLength(3);
    const all = [...first.projects, ...second.projects];
    expect(new Set(all.map((project) => project.id)).size).toBe(13);
    const times = all.map((project) => Date.parse(project.lastChanged));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const project = first.projects[0]!;
    expect(project.editorUrl).toBe(`https://www.photoshop.nl/editor?projectId=${project.id}`);
    expect(project.productName).toBeTruthy();

    const preview = await t.app.inject({ method: 'GET', url: project.previewUrl!, headers: owner.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(600);
    const stolen = await t.app.inject({ method: 'GET', url: project.previewUrl!, headers: stranger.headers });
    expect(stolen.statusCode).toBe(404);
  });

  it('answers 404 for another account id and for bad paging', async () => {
    expect((await list(owner, stranger.customerId)).statusCode).toBe(404);
    expect((await list(stranger, owner.customerId)).statusCode).toBe(404);
    expect((await list(owner, owner.customerId, '?limit=0')).statusCode).toBe(400);
    expect((await list(owner, owner.customerId, '?skip=-1')).statusCode).toBe(400);
  });

  it('deletes the caller’s project with its preview; another customer’s id is 404 and stays', async () => {
    const theirs = ProjectPageSchema.parse((await list(stranger, stranger.customerId)).json()).projects[0]!;
    expect((await remove(owner, theirs.id)).statusCode).toBe(404);
    expect((await remove(owner, 'not-a-uuid')).statusCode).toBe(404);
    expect(
      ProjectPageSchema.parse((await list(stranger, stranger.customerId)).json()).totalProjectCount,
    ).toBe(2);

    const mine = ProjectPageSchema.parse((await list(owner, owner.customerId)).json()).projects[0]!;
    const { rows } = await t.db.query<{ preview_key: string }>(
      'SELECT preview_key FROM projects WHERE id = $1',
      [mine.id],
    );
    expect((await remove(owner, mine.id)).statusCode).toBe(204);
    expect((await remove(owner, mine.id)).statusCode).toBe(404);
    expect(await t.blobs.stat(rows[0]!.preview_key)).toBeUndefined();
    expect(ProjectPageSchema.parse((await list(owner, owner.customerId)).json()).totalProjectCount).toBe(12);
  });

  it('lets the shop change only the owner’s project and refuses a preview that is no image', async () => {
    const projects = createProjectsService({ projects: createProjectsRepository(t.db), blobs: t.blobs });
    const mine = ProjectPageSchema.parse((await list(owner, owner.customerId)).json()).projects[0]!;
    const taken = await projects.saveFromShop({
      id: mine.id,
      ownerId: stranger.customerId,
      storefrontId: 'nl',
      name: 'Hijacked',
      productCode: 'X',
      productName: 'X',
    });
    expect(taken).toBeUndefined();
    await expect(
      projects.setPreviewFromShop(owner.customerId, mine.id, Buffer.from('not an image')),
    ).rejects.toThrow('not an image');
    const after = ProjectPageSchema.parse((await list(owner, owner.customerId)).json()).projects[0]!;
    expect(after.name).toBe(mine.name);
    expect(after.previewUrl).toBe(mine.previewUrl);
  });
});
