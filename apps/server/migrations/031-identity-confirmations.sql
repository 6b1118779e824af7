-- Confirmation links of the Auth API (issue 12): an e-mail change (to the new address) and an
-- account deletion (to the account's address). Single-use, 24 hours; a newer request of the same
-- kind retires the older link. Only the SHA-256 of the link's secret is stored.
CREATE TABLE identity_confirmations (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('email-change', 'account-deletion')),
  new_email text,
  token_hash text NOT NULL UNIQUE,
  storefront_id text NOT NULL,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX identity_confirmations_customer ON identity_confirmations (customer_id, kind);
