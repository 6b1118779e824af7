import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
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

/** Where photo and archive files live: a local folder by default, S3-compatible storage at scale. */
export interface BlobStore {
  put(key: string, data: Buffer | Readable, contentType?: string): Promise<void>;
  /** Resolves to undefined when there is no such blob. */
  stat(key: string): Promise<BlobInfo | undefined>;
  read(key: string, range?: BlobRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}

const safeKey = /^[A-Za-z0-9._/-]+$/;

export function assertSafeKey(key: string): void {
  if (!safeKey.test(key) || key.includes('..') || key.startsWith('/')) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}

export function createLocalBlobStore(rootDir: string): BlobStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, data) {
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
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
