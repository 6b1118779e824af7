-- Prints ordered on this product's prints-order page (decision 088): what the customer chose, priced
-- from the merchandise catalogue, waiting for its payment. A paid checkout becomes a super order through
-- the shop-side service, once: `super_order_code` is set then.
CREATE TABLE prints_checkouts (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  storefront_id text NOT NULL,
  locale text NOT NULL,
  temp_selection_id uuid NOT NULL,
  photo_ids uuid[] NOT NULL,
  article_code text NOT NULL,
  article_name text NOT NULL,
  size_code text NOT NULL,
  paper_code text,
  finish_code text,
  quantity integer NOT NULL CHECK (quantity > 0),
  currency text NOT NULL,
  unit_price_minor integer NOT NULL CHECK (unit_price_minor >= 0),
  delivery_type text NOT NULL CHECK (delivery_type IN ('Home', 'PickupPoint')),
  delivery_price_minor integer NOT NULL CHECK (delivery_price_minor >= 0),
  delivery_address jsonb NOT NULL,
  super_order_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  placed_at timestamptz
);

CREATE INDEX prints_checkouts_customer ON prints_checkouts (customer_id, created_at DESC);
