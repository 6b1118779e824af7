-- The customer's PDFs (spec 1 'a map PDF list', spec 7 `GET /v1/Pdfs/me`, `GET /v1/pdf/me/{code}`) and
-- product information with files (`GET /v1/Products/{code}`), sent by the shop (decision 096).

-- The shop's production stores an order's print files as one zip; it is kept as sent, keyed by its hash.
CREATE TABLE order_pdf_archives (
  order_id text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  -- Copied from the order: every customer query filters on it.
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  blob_key text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- One PDF inside an order's zip, by the shop's code of that print file.
CREATE TABLE order_pdfs (
  code text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- The order's product line it was made for (order_products.line_id; lines are rewritten by the shop).
  line_id text NOT NULL,
  -- Its path inside the zip.
  entry_name text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX order_pdfs_customer ON order_pdfs (customer_id, created_at DESC, code);
CREATE INDEX order_pdfs_order ON order_pdfs (order_id);

-- Product information from the shop's catalogue, by article code (PAP_910, WALL_POSTER_A2, ...).
CREATE TABLE product_information (
  code text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The shop's time of the version stored: an older one changes nothing.
  changed_at timestamptz NOT NULL
);

-- A product's files by purpose; 'product.pdf' is the product sheet offered for download.
CREATE TABLE product_information_files (
  product_code text NOT NULL REFERENCES product_information (code) ON DELETE CASCADE,
  purpose text NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  blob_key text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  PRIMARY KEY (product_code, purpose)
);
