-- Albums (spec 3, 7): a customer's named collections of their own photos. Deleting an album never
-- deletes a photo; deleting a photo takes it out of every album (the foreign key cascades).
CREATE TABLE albums (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The cover the customer picked; NULL shows the album's newest photo (read by one index probe).
  cover_photo_id uuid,
  -- Kept by the triggers below, so a list of albums never counts rows.
  photos_count integer NOT NULL DEFAULT 0 CHECK (photos_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The album list pages by keyset on (created_at, id), newest first.
CREATE INDEX albums_owner_created ON albums (owner_id, created_at, id);

CREATE TABLE album_photos (
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  photo_id uuid NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  -- Copies of the photo's sort columns (kept by trigger), so a section walks one index of this table
  -- instead of joining and sorting the album's photos.
  taken_local timestamp,
  uploaded_at timestamptz NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (album_id, photo_id)
);

CREATE INDEX album_photos_taken ON album_photos (album_id, taken_local, photo_id);
CREATE INDEX album_photos_uploaded ON album_photos (album_id, uploaded_at, photo_id);
-- A deleted photo leaves its albums through this index.
CREATE INDEX album_photos_photo ON album_photos (photo_id);

-- Each album's month index (the grid engine's first call), exact like photo_month_counts.
CREATE TABLE album_month_counts (
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  sort_key text NOT NULL CHECK (sort_key IN ('dateTaken', 'created')),
  year integer NOT NULL,
  month integer NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (album_id, sort_key, year, month)
);

-- Adds `sign` (1 or -1) for each row to its album's month counts under both sort keys. Groups are
-- few (months x albums), so each is one upsert. Rows of an album that is itself being deleted are
-- skipped: the album's counts go with it.
CREATE FUNCTION album_counts_adjust(album_ids uuid[], taken timestamp[], uploaded timestamptz[], sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  FOR g IN
    SELECT r.album_id, k.sort_key, k.ym[1] AS year, k.ym[2] AS month, count(*)::integer * sign AS delta
    FROM unnest(album_ids, taken, uploaded) AS r (album_id, taken_local, uploaded_at)
    CROSS JOIN LATERAL (VALUES
      ('dateTaken', photo_month_key(r.taken_local)),
      ('created', photo_month_key(r.uploaded_at AT TIME ZONE 'UTC'))
    ) AS k (sort_key, ym)
    WHERE EXISTS (SELECT 1 FROM albums WHERE albums.id = r.album_id)
    GROUP BY r.album_id, k.sort_key, k.ym[1], k.ym[2]
  LOOP
    INSERT INTO album_month_counts AS c (album_id, sort_key, year, month, count)
    VALUES (g.album_id, g.sort_key, g.year, g.month, greatest(g.delta, 0))
    ON CONFLICT (album_id, sort_key, year, month) DO UPDATE SET count = c.count + g.delta;
  END LOOP;
  DELETE FROM album_month_counts WHERE count = 0 AND album_id = ANY (album_ids);
END
$$;

-- Statement-level triggers with transition tables: adding 500 photos updates each album once, and a
-- photo deleted from the library leaves all of its albums in one statement.
CREATE FUNCTION album_photos_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE albums AS a SET photos_count = a.photos_count + d.n, updated_at = now()
  FROM (SELECT album_id, count(*)::integer AS n FROM added GROUP BY album_id) AS d
  WHERE a.id = d.album_id;
  PERFORM album_counts_adjust(array_agg(album_id), array_agg(taken_local), array_agg(uploaded_at), 1)
  FROM added;
  RETURN NULL;
END
$$;

-- A removed cover gives way to the newest photo again.
CREATE FUNCTION album_photos_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE albums AS a SET
    photos_count = a.photos_count - d.n,
    updated_at = now(),
    cover_photo_id = CASE WHEN a.cover_photo_id = ANY (d.photo_ids) THEN NULL ELSE a.cover_photo_id END
  FROM (
    SELECT album_id, count(*)::integer AS n, array_agg(photo_id) AS photo_ids FROM removed GROUP BY album_id
  ) AS d
  WHERE a.id = d.album_id;
  PERFORM album_counts_adjust(array_agg(album_id), array_agg(taken_local), array_agg(uploaded_at), -1)
  FROM removed;
  RETURN NULL;
END
$$;

-- A photo whose date changes moves between months in every album that holds it.
CREATE FUNCTION album_photos_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM album_counts_adjust(array_agg(album_id), array_agg(taken_local), array_agg(uploaded_at), -1)
  FROM old_rows;
  PERFORM album_counts_adjust(array_agg(album_id), array_agg(taken_local), array_agg(uploaded_at), 1)
  FROM new_rows;
  RETURN NULL;
END
$$;

CREATE TRIGGER album_photos_insert AFTER INSERT ON album_photos
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION album_photos_added();
CREATE TRIGGER album_photos_delete AFTER DELETE ON album_photos
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION album_photos_removed();
CREATE TRIGGER album_photos_update AFTER UPDATE ON album_photos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION album_photos_moved();

CREATE FUNCTION photos_sync_album_dates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE album_photos SET taken_local = NEW.taken_local, uploaded_at = NEW.uploaded_at
  WHERE photo_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER photos_album_dates AFTER UPDATE OF taken_local, uploaded_at ON photos
  FOR EACH ROW WHEN (OLD.taken_local IS DISTINCT FROM NEW.taken_local OR OLD.uploaded_at IS DISTINCT FROM NEW.uploaded_at)
  EXECUTE FUNCTION photos_sync_album_dates();
