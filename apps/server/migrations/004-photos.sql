-- The photo library of each customer.
CREATE TABLE photo_libraries (
  owner_id uuid PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('NOT_ACTIVE', 'IMPORTING', 'ACTIVE', 'DELETING')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE photos (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  upload_id text NOT NULL,
  local_file_name text NOT NULL,
  content_hash text NOT NULL,
  mime_type text NOT NULL,
  byte_size bigint NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  visible_width integer NOT NULL,
  visible_height integer NOT NULL,
  orientation smallint,
  -- Local capture time as recorded by the camera: grouping by month uses this, never UTC.
  taken_local timestamp,
  taken_offset text,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
  failure_reason text,
  placeholder text,
  derivatives jsonb NOT NULL DEFAULT '[]'
);

-- A re-upload of the same bytes is the same photo.
CREATE UNIQUE INDEX photos_owner_content ON photos (owner_id, content_hash);
-- Keyset paging in both sort keys; NULL dates sort separately ('Unknown Date').
CREATE INDEX photos_owner_taken ON photos (owner_id, taken_local, id);
CREATE INDEX photos_owner_uploaded ON photos (owner_id, uploaded_at, id);

-- The month index (spec: /users/timeline) kept small and exact, so it never scans a million rows.
CREATE TABLE photo_month_counts (
  owner_id uuid NOT NULL,
  sort_key text NOT NULL CHECK (sort_key IN ('dateTaken', 'created')),
  year integer NOT NULL,
  month integer NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (owner_id, sort_key, year, month)
);

CREATE FUNCTION photo_month_key(ts timestamp) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN ts IS NULL THEN ARRAY[0, 0]
    ELSE ARRAY[extract(year FROM ts)::integer, extract(month FROM ts)::integer]
  END
$$;

CREATE FUNCTION photo_counts_adjust(owner uuid, key text, ym integer[], delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO photo_month_counts AS c (owner_id, sort_key, year, month, count)
  VALUES (owner, key, ym[1], ym[2], greatest(delta, 0))
  ON CONFLICT (owner_id, sort_key, year, month) DO UPDATE SET count = c.count + delta;
  DELETE FROM photo_month_counts
  WHERE owner_id = owner AND sort_key = key AND year = ym[1] AND month = ym[2] AND count = 0;
END
$$;

-- Upload months group by the storefront-neutral UTC date of the upload.
CREATE FUNCTION photo_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM photo_counts_adjust(OLD.owner_id, 'dateTaken', photo_month_key(OLD.taken_local), -1);
    PERFORM photo_counts_adjust(OLD.owner_id, 'created', photo_month_key((OLD.uploaded_at AT TIME ZONE 'UTC')), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM photo_counts_adjust(NEW.owner_id, 'dateTaken', photo_month_key(NEW.taken_local), 1);
    PERFORM photo_counts_adjust(NEW.owner_id, 'created', photo_month_key((NEW.uploaded_at AT TIME ZONE 'UTC')), 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER photos_counts_insert_delete AFTER INSERT OR DELETE ON photos
  FOR EACH ROW EXECUTE FUNCTION photo_counts_trigger();
CREATE TRIGGER photos_counts_update AFTER UPDATE OF taken_local, uploaded_at, owner_id ON photos
  FOR EACH ROW EXECUTE FUNCTION photo_counts_trigger();

-- Photos the shop already holds for a customer (from earlier orders and editors): activation imports them.
CREATE TABLE shop_held_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  blob_key text NOT NULL,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_held_photos_owner ON shop_held_photos (owner_id);

-- What a customer deleted, so a retried delete of the same id succeeds while a stranger's id does not.
CREATE TABLE deleted_photos (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deleted_photos_owner ON deleted_photos (owner_id);
