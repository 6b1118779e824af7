-- Fixed-window counters that every replica shares: failed sign-ins per network address, uploads per
-- account. One row per key; a hit after the window has ended starts a new window in the same row.
CREATE TABLE rate_windows (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);

CREATE INDEX rate_windows_expiry ON rate_windows (window_ends_at);

-- Bytes of originals each customer keeps, maintained by trigger so the storage quota is checked
-- without summing a library of a million photos.
CREATE TABLE photo_storage_usage (
  owner_id uuid PRIMARY KEY,
  byte_count bigint NOT NULL
);

CREATE FUNCTION photo_storage_usage_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO photo_storage_usage AS u (owner_id, byte_count) VALUES (NEW.owner_id, NEW.byte_size)
    ON CONFLICT (owner_id) DO UPDATE SET byte_count = u.byte_count + NEW.byte_size;
  ELSE
    UPDATE photo_storage_usage SET byte_count = greatest(byte_count - OLD.byte_size, 0)
    WHERE owner_id = OLD.owner_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER photos_storage_usage AFTER INSERT OR DELETE ON photos
  FOR EACH ROW EXECUTE FUNCTION photo_storage_usage_trigger();

INSERT INTO photo_storage_usage (owner_id, byte_count)
SELECT owner_id, sum(byte_size) FROM photos GROUP BY owner_id;
