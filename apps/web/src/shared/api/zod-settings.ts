import { config } from 'zod/mini';

/**
 * Zod compiles a fast parser per object schema with `new Function`, after probing whether it may: the
 * page's policy forbids evaluating strings, so the probe fails (a policy violation the browser reports)
 * and every parse takes the plain path anyway. Saying so up front skips the probe. Imported first by
 * main.tsx: the setting is read when each schema is made, and the contracts make theirs on import.
 */
config({ jitless: true });
