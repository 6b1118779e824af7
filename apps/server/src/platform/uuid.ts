import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562): time-ordered, so new rows land at the end of the primary key index and ids
 * sort in creation order, also within one millisecond: there the 12 bits after the version count up
 * (RFC 9562 6.2, method 1), starting at a random value in the lower half so there is room to count,
 * and a full counter moves on to the next millisecond. Photos uploaded in the same millisecond
 * therefore keep their upload order under 'created' sorting, whose ties fall to the id.
 */
export function uuidv7(): string {
  const bytes = randomBytes(16);
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = bytes.readUInt16BE(6) & 0x7ff;
  } else if (sequence < 0xfff) {
    sequence += 1;
  } else {
    lastMs += 1;
    sequence = 0;
  }
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes.writeUInt16BE(0x7000 | sequence, 6);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether `value` can be compared with a uuid column without the database refusing the query. */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
