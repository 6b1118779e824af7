-- Payments the account area starts (a prints order, later a payment method): one row per attempt, whatever
-- the provider. The provider's own state lives with the provider; `status` is what it last told us.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  reference text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  currency text NOT NULL CHECK (char_length(currency) = 3),
  provider text NOT NULL,
  provider_reference text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

CREATE INDEX payments_customer_idx ON payments (customer_id, created_at DESC);

-- The local test provider's checkout sessions (decision 086): what a real provider keeps on its side.
-- The id is the unguessable secret in the test page's address; no card data exists anywhere.
CREATE TABLE test_payment_sessions (
  id text PRIMARY KEY,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  currency text NOT NULL,
  description text NOT NULL,
  return_url text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
