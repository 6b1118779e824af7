import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobLinks, registerBlobLinkRoute } from './blob-links';
import { attachmentDisposition, createLocalBlobStore, type BlobStore } from './blob-store';
import { installErrorHandler } from './errors';

describe('signed links to a folder store', () => {
  let dir: string;
  let blobs: BlobStore;
  let app: FastifyInstance;
  let clock = Date.parse('2026-11-24T10:00:00Z');
  const signed = () => createBlobLinks(blobs, Buffer.from('a-test-secret-of-enough-length!!'), () => clock);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'links-'));
    blobs = createLocalBlobStore(dir);
    await blobs.put('archives/a/b/b.zip', Buffer.from('0123456789'));
    app = Fastify();
    installErrorHandler(app);
    registerBlobLinkRoute(app, { blobs, verify: signed().verify });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const follow = (url: string) => {
    const address = new URL(url);
    return app.inject({ url: `${address.pathname}${address.search}` });
  };
  const link = () =>
    signed().links.urlFor('archives/a/b/b.zip', {
      fileName: 'b.zip',
      contentType: 'application/zip',
      expiresInSeconds: 600,
      origin: 'http://nl.localhost:8080',
    });

  it('serves the file as an attachment while the link is young', async () => {
    const url = await link();
    expect(url).toMatch(/^http:\/\/nl\.localhost:8080\/blob-links\/b\.zip\?link=/);
    const answer = await follow(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('0123456789');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="b.zip"');
    expect(answer.headers['content-length']).toBe('10');
  });

  it('refuses a link past its time with 410, and one with a changed signature with 403', async () => {
    const url = await link();
    clock += 601_000;
    expect((await follow(url)).statusCode).toBe(410);
    clock -= 601_000;
    const tampered = new URL(url);
    tampered.searchParams.set('signature', 'x'.repeat(43));
    expect((await follow(tampered.href)).statusCode).toBe(403);
    expect((await app.inject({ url: '/blob-links/b.zip' })).statusCode).toBe(403);
  });

  it('names a download in UTF-8 by RFC 6266 and 5987, after an ASCII name for older clients', () => {
    expect(attachmentDisposition('Photos 2026-11-26.zip')).toBe(
      'attachment; filename="Photos 2026-11-26.zip"',
    );
    expect(attachmentDisposition('Mes données 2026-11-26.zip')).toBe(
      `attachment; filename="Mes donnees 2026-11-26.zip"; filename*=UTF-8''Mes%20donn%C3%A9es%202026-11-26.zip`,
    );
    // RFC 5987 values may not hold ' ( ) *, which encodeURIComponent leaves as they are.
    expect(attachmentDisposition("Foto's (1)*.zip")).toBe(
      `attachment; filename="Foto_s (1)_.zip"; filename*=UTF-8''Foto%27s%20%281%29%2A.zip`,
    );
    expect(attachmentDisposition('照片 😀.zip')).toBe(
      `attachment; filename="__ _.zip"; filename*=UTF-8''%E7%85%A7%E7%89%87%20%F0%9F%98%80.zip`,
    );
  });
});
