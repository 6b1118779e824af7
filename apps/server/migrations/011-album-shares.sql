-- Shared albums (spec 2.4, 7): an owner shares an album with people by e-mail address. An address that
-- has an account is bound to it at once; one without waits, and is bound when an account with that
-- address first asks for its shared albums (registration or a later sign-in).
CREATE TABLE album_shares (
  id uuid PRIMARY KEY,
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  -- Lower-cased: addresses match without regard to case, as sign-in does.
  email text NOT NULL,
  participant_id uuid REFERENCES customers (id) ON DELETE CASCADE,
  invited_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (album_id, email)
);

-- 'Shared with you', newest share first, keyset-paged.
CREATE INDEX album_shares_participant ON album_shares (participant_id, invited_at, id)
  WHERE participant_id IS NOT NULL;
-- Invitations waiting for an account with their address.
CREATE INDEX album_shares_pending ON album_shares (email) WHERE participant_id IS NULL;
