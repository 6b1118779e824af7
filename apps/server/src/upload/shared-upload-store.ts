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

interface SessionRow {
  id: string;
  size: string | null;
  received: string;
  metadata: Record<string, string | null>;
  parts: string[];
  created_at: Date | string;
}

/**
 * tus uploads in progress that every replica sees (decision 111): the state (length, metadata, bytes
 * received, the pieces) is a row of `upload_sessions`, the bytes are pieces in the shared blob store,
 * one per PATCH (or per interrupted part of one). A piece counts only when the row still expects bytes
 * at the offset it was written for, so two replicas writing the same upload at once cannot interleave.
 * The finished file is put together in a temporary file for the ingest, then the pieces are removed.
 */
export class SharedUploadStore extends DataStore {
  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    private readonly expirationMs: number,
  ) {
    super();
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.db.query(`INSERT INTO upload_sessions (id, size, metadata) VALUES ($1, $2, $3)`, [
      upload.id,
      upload.size ?? null,
      JSON.stringify(upload.metadata ?? {}),
    ]);
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.find(id);
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
    await this.db.query(`UPDATE upload_sessions SET size = $2, updated_at = now() WHERE id = $1`, [
      id,
      length,
    ]);
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
    const { rows } = await this.db.query(
      `UPDATE upload_sessions SET received = received + $3, parts = array_append(parts, $4), updated_at = now()
       WHERE id = $1 AND received = $2 RETURNING id`,
      [id, offset, size, key],
    );
    if (rows.length === 0) {
      // Another request wrote this offset first (or the upload is gone): this piece is not part of it.
      await this.blobs.delete(key).catch(() => undefined);
      throw ERRORS.INVALID_OFFSET;
    }
  }

  /** Runs `use` with the whole upload as one file on this machine, removed afterwards. */
  async withFile<T>(id: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const row = await this.find(id);
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
    const { rows } = await this.db.query(`DELETE FROM upload_sessions WHERE id = $1 RETURNING id`, [id]);
    await this.blobs.deletePrefix(`uploads/${id}/`);
    if (rows.length === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  /** Uploads nobody added to for the expiration period: their rows and pieces go. */
  override async deleteExpired(): Promise<number> {
    const { rows } = await this.db.query<{ id: string }>(
      `DELETE FROM upload_sessions WHERE updated_at < now() - make_interval(secs => $1) RETURNING id`,
      [this.expirationMs / 1000],
    );
    for (const row of rows) await this.blobs.deletePrefix(`uploads/${row.id}/`);
    return rows.length;
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  private async find(id: string): Promise<SessionRow | undefined> {
    const { rows } = await this.db.query<SessionRow>(
      `SELECT id, size, received, metadata, parts, created_at FROM upload_sessions WHERE id = $1`,
      [id],
    );
    return rows[0];
  }
}
