-- Online photo books (spec 2.6 'Widgets', 3, 7; decision 094): the shop publishes an ordered photo
-- book's page images through the shop-side API, keyed by its inner order code; the owner shares it,
-- switches public viewing on or off and publishes it in the storefront's gallery.
CREATE TABLE widgets (
  id uuid PRIMARY KEY,
  -- The inner order (spec 3 'orderCode', the web app's productCode): one online book per order.
  order_id text NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  storefront_id text NOT NULL,
  title text NOT NULL,
  product_name text NOT NULL,
  -- 0 for an order that cannot become an online book.
  page_count integer NOT NULL CHECK (page_count BETWEEN 0 AND 500),
  -- Why the order cannot become an online book; null for one that can.
  blocked_reason text CHECK (
    blocked_reason IN ('licensedContent', 'productNotSupported', 'orderCancelled', 'pagesUnavailable')
  ),
  -- 128 random bits (base64url): the viewer's address. Useless while is_public is false.
  viewer_token text NOT NULL UNIQUE,
  is_public boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((blocked_reason IS NULL) = (page_count > 0))
);

CREATE INDEX widgets_owner ON widgets (owner_id, created_at DESC, id);

-- The pages' WebP sizes of the photo pipeline (300, 800, 1300 px) under one blob prefix per upload.
CREATE TABLE widget_pages (
  widget_id uuid NOT NULL REFERENCES widgets (id) ON DELETE CASCADE,
  page_number integer NOT NULL CHECK (page_number >= 1),
  blob_prefix text NOT NULL,
  -- The shape of the largest size: the viewer reserves the page's box before its image arrives.
  width integer NOT NULL,
  height integer NOT NULL,
  PRIMARY KEY (widget_id, page_number)
);

-- A book published in its storefront's public gallery under a category (spec 7 'galleryentries').
CREATE TABLE widget_gallery_entries (
  widget_id uuid PRIMARY KEY REFERENCES widgets (id) ON DELETE CASCADE,
  channel text NOT NULL,
  category_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX widget_gallery_channel ON widget_gallery_entries (channel, category_id, created_at DESC);
