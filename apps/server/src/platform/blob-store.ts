import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';

export interface BlobRange {
  start: number;
  /** Inclusive, as in an HTTP Range header. */
  end: number;
}

export interface BlobInfo {
  size: number;
}

/** How a browser should receive a blob it is sent to by a signed link. */
export interface DownloadLinkOptions {
  /** Offered as an attachment under this name. */
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
}

/**
 * A store's `put` calls this first: it owns a stream's errors from the moment it is called. A store
 * prepares before it reads (a folder to make, an upload to open), and a stream that fails meanwhile (a
 * photo read that breaks, a client that hangs up) must fail only this write, not raise an unhandled
 * 'error' that ends the process. The write still rejects with the error, from the stream's errored state.
 */
export function holdErrorsUntilRead(data: Buffer | Readable): void {
  if (!Buffer.isBuffer(data)) data.on('error', () => undefined);
}

/** Where photo and archive files live: a local folder by default, S3-compatible storage at scale. */
export interface BlobStore {
  /**
   * Stores `data` whole or not at all. A stream that fails before the store reads it fails this write
   * only (`holdErrorsUntilRead`).
   */
  put(key: string, data: Buffer | Readable, contentType?: string): Promise<void>;
  /** Resolves to undefined when there is no such blob. */
  stat(key: string): Promise<BlobInfo | undefined>;
  read(key: string, range?: BlobRange): Promise<Readable>;
  /** The whole blob in memory, for small ones (a thumbnail): one read, no stream to set up and collect. */
  readBytes(key: string): Promise<Buffer>;
  /**
   * Runs `use` with the blob as a file on this machine, for tools that read files in part (the image
   * decoder): the folder store's own file, or a temporary download removed afterwards. Nothing is held
   * in memory.
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  delete(key: string): Promise<void>;
  /**
   * Deletes every blob below a folder-like prefix (ending in `/`), the leftovers of interrupted
   * writes included where the store can see them.
   */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A short-lived URL of the store itself from which a browser downloads the blob as an attachment.
   * A local folder has no address of its own; the app then serves an HMAC-signed link of its own
   * (`platform/blob-links.ts`), which answers the same way.
   */
  presignedDownloadUrl?(key: string, options: DownloadLinkOptions): Promise<string>;
}

/** `withLocalFile` for stores whose blobs live elsewhere: streamed into a temporary file first. */
export async function withDownloadedFile<T>(
  read: () => Promise<Readable>,
  use: (filePath: string) => Promise<T>,
): Promise<T> {
  const directory = await mkdtemp(path.join(tmpdir(), 'blob-'));
  try {
    const filePath = path.join(directory, 'blob');
    await pipeline(await read(), createWriteStream(filePath));
    return await use(filePath);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const safeKey = /^[A-Za-z0-9._/-]+$/;

export function assertSafeKey(key: string): void {
  if (!safeKey.test(key) || key.includes('..') || key.startsWith('/')) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}

export function assertSafePrefix(prefix: string): void {
  assertSafeKey(prefix);
  if (!prefix.endsWith('/') || prefix === '/') throw new Error(`A prefix must name a folder: ${prefix}`);
}

/**
 * `Content-Disposition` of a download (RFC 6266): a plain name as is; any other as `filename*` in
 * UTF-8 (RFC 5987, whose value may not hold `'()*`, which encodeURIComponent leaves), after an ASCII
 * `filename` for older clients: accents dropped ("Foto's" -> 'Foto_s', 'Mes données' -> 'Mes donnees').
 */
export function attachmentDisposition(fileName: string): string {
  if (/^[A-Za-z0-9._ ()-]+$/.test(fileName)) return `attachment; filename="${fileName}"`;
  const fallback = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._ ()-]/gu, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function createLocalBlobStore(rootDir: string): BlobStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, data) {
      holdErrorsUntilRead(data);
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file.
      const temporary = `${target}.${randomUUID()}.partial`;
      try {
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return { size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async read(key, range) {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    readBytes: (key) => readFile(pathOf(key)),
    async withLocalFile(key, use) {
      const file = pathOf(key);
      await stat(file);
      return use(file);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      assertSafePrefix(prefix);
      // The folder holds the prefix's blobs and the `.partial` files of writes a crash cut short.
      await rm(path.join(rootDir, prefix), { recursive: true, force: true });
    },
  };
}
