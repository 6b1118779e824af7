-- Photo archives (spec 7 'Photo downloads'): one row per download request, built by a job, removed
-- with its file when it expires. The id is the client's: unique per customer, so a retried request
-- finds its archive and the same id from another customer is simply another archive.
CREATE TABLE downloads (
  owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  -- 'library': the owner's own photos; 'shared-album': photos of a shared album the owner may read.
  source text NOT NULL CHECK (source IN ('library', 'shared-album')),
  album_id text,
  name text,
  -- [{photoId, ownerId, fileName}] as requested: names let the archive say which photos were deleted.
  photos jsonb NOT NULL,
  photo_count integer NOT NULL CHECK (photo_count BETWEEN 1 AND 100),
  -- The customer's language when asking, for the note about skipped photos inside the archive.
  locale text NOT NULL,
  state text NOT NULL DEFAULT 'preparing' CHECK (state IN ('preparing', 'ready', 'failed')),
  byte_size bigint,
  blob_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (owner_id, id),
  CHECK ((state = 'ready') = (blob_key IS NOT NULL AND byte_size IS NOT NULL))
);

CREATE INDEX downloads_owner_created ON downloads (owner_id, created_at DESC);
CREATE INDEX downloads_expires ON downloads (expires_at);
