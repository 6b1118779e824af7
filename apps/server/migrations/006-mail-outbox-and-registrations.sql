-- The one mail outbox: each mail is written in the transaction of the change that causes it and sent
-- by a job (`mail.send`). The body is rendered when the mail is written, so what is sent (or captured
-- for the local mailbox) is exactly what was decided then.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  template text NOT NULL,
  recipient text NOT NULL,
  sender_name text NOT NULL,
  storefront_id text NOT NULL,
  locale text NOT NULL,
  subject text NOT NULL,
  -- Emptied once an SMTP relay has accepted the mail: bodies hold single-use links.
  html text,
  text text,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed')),
  transport text CHECK (transport IN ('capture', 'smtp')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE INDEX mail_outbox_storefront ON mail_outbox (storefront_id, created_at DESC);
CREATE INDEX mail_outbox_recipient ON mail_outbox (lower(recipient), created_at DESC);

-- Registrations waiting for the owner of the address to confirm it. An account exists only once a
-- link is confirmed, so nobody can hold an address they do not own, and each pending registration
-- keeps its own name and password (a stranger's registration can never be confirmed into an account
-- the owner then uses).
CREATE TABLE account_registrations (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  password_hash text NOT NULL,
  -- SHA-256 of the link's secret; the secret itself is only in the mail.
  token_hash text NOT NULL UNIQUE,
  storefront_id text NOT NULL,
  locale text NOT NULL,
  -- The sign-in in progress where the customer registered, continued when the link is confirmed there.
  interaction_uid text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  customer_id uuid REFERENCES customers (id) ON DELETE SET NULL
);

CREATE INDEX account_registrations_email ON account_registrations (lower(email), created_at DESC);
CREATE INDEX account_registrations_expiry ON account_registrations (expires_at);
