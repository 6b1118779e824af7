-- Storage reactivation (decision 087): photos are kept 18 months after the last order or registration.
-- The notices mailed before a library is deleted, per deletion date: an order moves the date, so notices
-- of an earlier date never count for the new one.
CREATE TABLE storage_expiry_notices (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  deletion_date timestamptz NOT NULL,
  notice text NOT NULL CHECK (notice IN ('30-days', '7-days')),
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, deletion_date, notice)
);

-- Libraries deleted because their period ran out: once per deletion date, and what operators look up.
CREATE TABLE storage_expiries (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  deletion_date timestamptz NOT NULL,
  deleted_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, deletion_date)
);

-- Spec 7 storage calls: uploads the shop holds may belong to no account yet (made in an editor before
-- sign-in); `/getanonymousuploads` answers those.
ALTER TABLE shop_held_photos ALTER COLUMN owner_id DROP NOT NULL;
