-- Saved projects (spec 3, 7): made and changed by the shop's editors through the shop-side API,
-- listed newest change first and deleted by their owner.
CREATE TABLE projects (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  storefront_id text NOT NULL,
  name text NOT NULL,
  product_code text NOT NULL,
  product_name text NOT NULL,
  -- The editor's preview image in the blob store; null until one was sent.
  preview_key text,
  preview_size bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX projects_owner_changed ON projects (owner_id, updated_at DESC, id DESC);
