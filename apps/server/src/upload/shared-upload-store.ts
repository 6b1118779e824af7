/* eslint-disable @typescript-eslint/only-throw-error -- tus sends its own ERRORS (plain { status_code, body }) as they are */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { createUploadSessionsRepository, type UploadSessionsRepository } from './upload-sessions.repository';

/**
 * tus uploads in progress that every replica sees (decision 111): the state (length, metadata, bytes
 * received, the pieces) is a row of `upload_sessions`, the bytes are pieces in the shared blob store,
 * one per PATCH (or per interrupted part of one). A piece counts only when the row still expects bytes
 * at the offset it was written for, so two replicas writing the same upload at once cannot interleave.
 * The finished file is put together in a temporary file for the ingest, then the pieces are removed.
 */
export class SharedUploadStore extends DataStore {
  private readonly sessions: UploadSessionsRepository;

  constructor(
    db: Database,
    private readonly blobs: BlobStore,
    private readonly expirationMs: number,
  ) {
    super();
    this.sessions = createUploadSessionsRepository(db);
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.sessions.insert(upload.id, upload.size ?? null, upload.metadata ?? {});
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.sessions.find(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size === null ? undefined : Number(row.size),
      offset: Number(row.received),
      metadata: row.metadata,
      creation_date: new Date(row.created_at).toISOString(),
    });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.sessions.declareSize(id, length);
  }

  /**
   * Keeps what arrived, even when the request broke off mid-way (tus then ends the stream early), so
   * the client resumes from the last byte that reached any replica.
   */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const directory = await mkdtemp(path.join(tmpdir(), 'upload-piece-'));
    try {
      const piecePath = path.join(directory, 'piece');
      let failure: unknown;
      await pipeline(stream, createWriteStream(piecePath)).catch((error: unknown) => {
        failure = error;
      });
      const { size } = await stat(piecePath).catch(() => ({ size: 0 }));
      if (size > 0) await this.keepPiece(id, offset, piecePath, size);
      if (failure) throw failure;
      return offset + size;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  private async keepPiece(id: string, offset: number, piecePath: string, size: number): Promise<void> {
    const key = `uploads/${id}/${String(offset).padStart(12, '0')}-${randomUUID()}`;
    await this.blobs.put(key, createReadStream(piecePath), 'application/octet-stream');
    if (!(await this.sessions.appendPiece(id, offset, size, key))) {
      // Another request wrote this offset first (or the upload is gone): this piece is not part of it.
      await this.blobs.delete(key).catch(() => undefined);
      throw ERRORS.INVALID_OFFSET;
    }
  }

  /** Runs `use` with the whole upload as one file on this machine, removed afterwards. */
  async withFile<T>(id: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const row = await this.sessions.find(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    const directory = await mkdtemp(path.join(tmpdir(), 'upload-'));
    try {
      const filePath = path.join(directory, 'file');
      await writeFile(filePath, '');
      for (const key of row.parts) {
        await pipeline(await this.blobs.read(key), createWriteStream(filePath, { flags: 'a' }));
      }
      return await use(filePath);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  override async remove(id: string): Promise<void> {
    const deleted = await this.sessions.delete(id);
    await this.blobs.deletePrefix(`uploads/${id}/`);
    if (!deleted) throw ERRORS.FILE_NOT_FOUND;
  }

  /** Uploads nobody added to for the expiration period: their rows and pieces go. */
  override async deleteExpired(): Promise<number> {
    const ids = await this.sessions.deleteIdle(this.expirationMs / 1000);
    for (const id of ids) await this.blobs.deletePrefix(`uploads/${id}/`);
    return ids.length;
  }

  override getExpiration(): number {
    return this.expirationMs;
  }
}
