import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { rateLimits } from './rate-limits';

describe(`route limits across replicas (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Database;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase();
    a = await createTestApp({ REPLICA_ID: 'a' }, { db });
    b = await createTestApp({ REPLICA_ID: 'b' }, { db });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  const startSignIn = (t: TestApp, remoteAddress: string) =>
    t.app.inject({ url: '/auth/login?returnTo=%2F', headers: { host: 'nl.localhost:8080' }, remoteAddress });

  it('counts sign-in starts from one network address on every replica together', async () => {
    for (let start = 0; start < rateLimits.signInStarts.max; start += 1) {
      const answer = await startSignIn(start % 2 === 0 ? a : b, '203.0.113.7');
      expect(answer.statusCode).toBe(302);
    }
    expect((await startSignIn(a, '203.0.113.7')).statusCode).toBe(429);
    expect((await startSignIn(b, '203.0.113.7')).statusCode).toBe(429);
    // Another address, and the same address on another route, count apart.
    expect((await startSignIn(b, '203.0.113.8')).statusCode).toBe(302);
  });
});
