-- Selections saved for the prints editor (spec 3, 7): the caller's own photos, kept for a day.
CREATE TABLE temp_selections (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  photo_ids uuid[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX temp_selections_expiry ON temp_selections (expires_at);
