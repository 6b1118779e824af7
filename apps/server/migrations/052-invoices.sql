-- B2B invoices (spec 6, 7; decision 091): one per order when it is confirmed, numbered per storefront
-- without gaps. The number is taken from the storefront's counter row in the invoice's own transaction,
-- so a rolled-back invoice gives its number back and concurrent invoices queue on the row.
CREATE TABLE invoice_counters (
  storefront_id text PRIMARY KEY,
  last_number integer NOT NULL DEFAULT 0
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  storefront_id text NOT NULL,
  number integer NOT NULL,
  invoice_number text NOT NULL,
  -- The order invoiced (one invoice per order) and the reference the customer knows it by.
  order_id text NOT NULL UNIQUE,
  order_ref text NOT NULL,
  issued_at timestamptz NOT NULL,
  currency text NOT NULL,
  gross_total bigint NOT NULL,
  -- Everything printed on it, fixed when it was made.
  snapshot jsonb NOT NULL,
  -- The PDF, rendered once and served as stored.
  pdf_key text,
  pdf_size bigint,
  UNIQUE (storefront_id, number)
);

CREATE INDEX invoices_customer ON invoices (customer_id, issued_at DESC, id DESC);
