-- Customer accounts, shared by every storefront's sign-in (one account signs in on any storefront).
CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  is_b2b boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'Default' CHECK (status IN ('Default', 'New', 'Blocked')),
  callback_url text,
  callback_format text,
  registered_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE UNIQUE INDEX customers_email_key ON customers (lower(email)) WHERE deleted_at IS NULL;

-- Secrets the process must keep across restarts and share between replicas (signing keys, cookie keys).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
