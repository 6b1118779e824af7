import { z } from 'zod';
import { invalid } from '../platform/errors';
import type { Keyset } from './photos.repository';

const KeysetSchema = z.tuple([z.string().max(40).nullable(), z.uuid()]);

/** Cursors are opaque to callers: a keyset position, never an offset (offsets skip or repeat rows as photos are deleted). */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.value, keyset.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  try {
    const [value, id] = KeysetSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { value, id };
  } catch {
    throw invalid('query.cursor', 'The cursor is not valid');
  }
}
