import type { SortKey } from '@photo/contracts/photos';
import { z } from 'zod';
import { invalid } from '../platform/errors';
import type { Keyset } from './photos.repository';

/** The shapes the repository writes (photos.repository.ts, `photoColumns`): local capture time, UTC upload time. */
const sortValuePattern: Record<SortKey, RegExp> = {
  dateTaken: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
  created: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
};

/** A real calendar moment in the shape of its sort key, so the database never sees a value it cannot cast. */
const isSortValue = (value: string, sortKey: SortKey) => {
  if (!sortValuePattern[sortKey].test(value)) return false;
  const seconds = value.slice(0, 19);
  const parsed = new Date(`${seconds}Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === seconds;
};

const KeysetSchema = z.tuple([z.string().max(40).nullable(), z.uuid()]);

/** Cursors are opaque to callers: a keyset position, never an offset (offsets skip or repeat rows as photos are deleted). */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.value, keyset.id])).toString('base64url');
}

/** The position a cursor holds for this sort key; any other cursor is the caller's fault (400). */
export function decodeCursor(cursor: string | undefined, sortKey: SortKey): Keyset | undefined {
  if (!cursor) return undefined;
  try {
    const [value, id] = KeysetSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (value !== null && !isSortValue(value, sortKey)) throw new Error('not a sort value');
    return { value, id };
  } catch {
    throw invalid('query.cursor', 'query.cursor: the cursor is not valid');
  }
}
