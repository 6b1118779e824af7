-- B2B integration callbacks (spec 4, 6): each business customer's signing secret (sealed with the
-- server's key) and the log of every callback delivery, kept for the integration page.
CREATE TABLE callback_secrets (
  customer_id uuid PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  sealed_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE callback_deliveries (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  event text NOT NULL,
  order_code text,
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  response_status integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz
);

CREATE INDEX callback_deliveries_customer ON callback_deliveries (customer_id, created_at DESC, id DESC);
