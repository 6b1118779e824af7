import type { Queryable } from './database';

export interface RateWindowCount {
  count: number;
  /** When the current window ends and the count starts again. */
  resetsAt: Date;
}

interface RateWindowRow {
  count: number;
  window_ends_at: Date | string;
}

/**
 * Counters over fixed windows, kept in the database so that every replica counts together (an
 * in-memory counter gives an attacker N times the allowance behind N replicas).
 */
export function createRateWindows(db: Queryable) {
  return {
    /** Counts one more event under `key`; answers the count of the current window. */
    async hit(key: string, windowSeconds: number): Promise<RateWindowCount> {
      const { rows } = await db.query<RateWindowRow>(
        `INSERT INTO rate_windows AS w (key, count, window_ends_at)
         VALUES ($1, 1, now() + $2::integer * interval '1 second')
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN w.window_ends_at <= now() THEN 1 ELSE w.count + 1 END,
           window_ends_at = CASE WHEN w.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE w.window_ends_at END
         RETURNING count, window_ends_at`,
        [key, windowSeconds],
      );
      const row = rows[0]!;
      return { count: row.count, resetsAt: new Date(row.window_ends_at) };
    },

    /** The count of the current window, 0 when none is open. */
    async current(key: string): Promise<number> {
      const { rows } = await db.query<{ count: number }>(
        'SELECT count FROM rate_windows WHERE key = $1 AND window_ends_at > now()',
        [key],
      );
      return rows[0]?.count ?? 0;
    },

    async deleteExpired(): Promise<number> {
      const { rows } = await db.query<{ key: string }>(
        'DELETE FROM rate_windows WHERE window_ends_at <= now() RETURNING key',
      );
      return rows.length;
    },
  };
}

export type RateWindows = ReturnType<typeof createRateWindows>;
