-- Uploads in progress when the blob store is shared (S3): the tus state lives here and the bytes
-- received so far in the bucket (one object per received piece), so any replica continues any upload.
CREATE TABLE upload_sessions (
  id text PRIMARY KEY,
  size bigint,
  received bigint NOT NULL DEFAULT 0,
  metadata jsonb NOT NULL DEFAULT '{}',
  -- Blob keys of the pieces in order; together they hold bytes 0 .. received.
  parts text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX upload_sessions_updated ON upload_sessions (updated_at);
