import { randomBytes } from 'node:crypto';

let made = 0;

/**
 * A name no other story takes, in this worker or another one running at the same millisecond: the
 * stories run on two workers against one server, so a time stamp and a per-process counter alone can meet.
 */
export function uniqueName(label: string): string {
  made += 1;
  return `${label}-${Date.now()}-${randomBytes(3).toString('hex')}-${made}`;
}

/** A fresh e-mail address for a customer a story registers. */
export const uniqueEmail = (label: string): string => `${uniqueName(label)}@example.com`;
