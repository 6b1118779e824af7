-- Newsletter double opt-in (issue 12): one row per customer, with the proof of consent the law asks
-- for (when, on which storefront, which consent text, from which address) once the mailed link is
-- confirmed. Only SHA-256 hashes of the link secrets are kept.
CREATE TABLE newsletter_subscriptions (
  customer_id uuid PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  email text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
  storefront_id text NOT NULL,
  locale text NOT NULL,
  consent_text_version text NOT NULL,
  confirm_token_hash text UNIQUE,
  confirm_expires_at timestamptz,
  unsubscribe_token_hash text NOT NULL UNIQUE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  confirmed_ip text,
  unsubscribed_at timestamptz
);
