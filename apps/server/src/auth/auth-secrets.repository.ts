import type { Queryable } from '../platform/database';

/** Secrets in `app_secrets`: made once by whichever replica asks first, then shared by all. */
export function createAuthSecretsRepository(db: Queryable) {
  return {
    async getOrCreate<T>(name: string, make: () => Promise<T>): Promise<T> {
      const existing = await db.query<{ value: T }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
      if (existing.rows[0]) return existing.rows[0].value;
      // Two replicas starting together may both make one; the first insert wins and both read it.
      await db.query(
        'INSERT INTO app_secrets (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING',
        [name, JSON.stringify(await make())],
      );
      const stored = await db.query<{ value: T }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
      return stored.rows[0]!.value;
    },
  };
}

export type AuthSecretsRepository = ReturnType<typeof createAuthSecretsRepository>;
