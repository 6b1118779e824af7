-- Recurring background work (housekeeping, expiries): one row per schedule, shared by every replica.
-- A worker that finds a schedule due moves `next_run_at` on and enqueues its job in one statement,
-- so each due time runs once across the cluster, never once per replica.
CREATE TABLE schedules (
  name text PRIMARY KEY,
  job_kind text NOT NULL,
  every_seconds integer NOT NULL CHECK (every_seconds > 0),
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz
);
