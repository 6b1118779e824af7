-- Orders as the shop reports them through the shop-side API (docs/shop-integration.md, decision 080).
-- The shop's ids are the keys: a repeated call finds its row, so every shop write is idempotent.

-- A super order: one checkout, holding one or more inner orders.
CREATE TABLE super_orders (
  code text PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  storefront_id text NOT NULL,
  -- Spec 3: the order source is one of two values.
  source text NOT NULL CHECK (source IN ('Web', 'App')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  delivery_type text NOT NULL CHECK (delivery_type IN ('Home', 'PickupPoint')),
  delivery_address jsonb NOT NULL,
  -- When the shop took the order; the in-progress rule counts from here.
  created_at timestamptz NOT NULL,
  -- The shop's time of the newest change applied to the fields above: an older one is stale.
  changed_at timestamptz NOT NULL,
  -- A direct reorder names the order it repeats.
  reorder_of text,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX super_orders_customer_created ON super_orders (customer_id, created_at DESC, code);

-- An inner order: the unit the shop moves through its internal states and takes payment for.
CREATE TABLE orders (
  id text PRIMARY KEY,
  super_order_code text NOT NULL REFERENCES super_orders (code) ON DELETE CASCADE,
  -- Copied from the super order: every customer query filters on it.
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  position integer NOT NULL,
  state text NOT NULL CHECK (
    state IN ('Received', 'Confirmed', 'ProductionStarted', 'ProductionCompleted', 'Dispatched', 'Cancelled')
  ),
  state_changed_at timestamptz NOT NULL,
  payment_status text NOT NULL DEFAULT 'paymentPending' CHECK (
    payment_status IN ('paymentPending', 'paymentFailed', 'paymentSuccess', 'paymentFree')
  ),
  -- Spec 3 paymentChangedDate; the in-progress rule reads it for dispatched orders.
  payment_changed_at timestamptz,
  delivery_earliest date,
  delivery_latest date,
  delivery_dates_changed_at timestamptz,
  CHECK ((delivery_earliest IS NULL) = (delivery_latest IS NULL)),
  CHECK (delivery_earliest IS NULL OR delivery_earliest <= delivery_latest)
);

CREATE INDEX orders_super_order ON orders (super_order_code, position);
CREATE INDEX orders_customer ON orders (customer_id, id);

-- Each state an order went through, once, with the shop's time: the status history of the details page.
CREATE TABLE order_state_history (
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  state text NOT NULL,
  occurred_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, state)
);

-- The products of an inner order, by the shop's line id.
CREATE TABLE order_products (
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  line_id text NOT NULL,
  position integer NOT NULL,
  -- The article's code (PAP_910, BOOK_A4_HARD, ...) and its name and group as the shop shows them.
  product_code text NOT NULL,
  article_name text NOT NULL,
  article_group text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  -- Price of one, in minor units of the super order's currency, after any voucher.
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  image_url text,
  -- The voucher option code used on this product, if any (spec 3 'voucher').
  voucher text,
  -- The shop's processing status string of spec 4 (processing, producing, shipped, ...), if it sends one.
  processing_status text,
  PRIMARY KEY (order_id, line_id)
);

CREATE INDEX order_products_voucher ON order_products (voucher) WHERE voucher IS NOT NULL;

-- Campaign offers behind voucher option codes (spec 7 'Voucher').
CREATE TABLE voucher_offers (
  code text PRIMARY KEY,
  campaign_name text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  discount_percent integer CHECK (discount_percent BETWEEN 1 AND 100),
  discount_amount integer CHECK (discount_amount > 0),
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  valid_until date,
  changed_at timestamptz NOT NULL
);

-- Order cut-off campaigns per storefront (spec 7 'Order cutoff'): 'order by 18 December for Christmas'.
CREATE TABLE order_campaigns (
  storefront_id text NOT NULL,
  name text NOT NULL,
  title text NOT NULL,
  -- [{articleGroup, orderBy}]: the last day an article group can be ordered for the campaign.
  cutoffs jsonb NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (storefront_id, name)
);
