-- Issue 20: the mails about an order (confirmation, payment received, sent) each go once, however
-- often the step that causes them runs (every return from the provider, the reconcile job, a shop
-- report repeated). A mail is written with its row, in one transaction; the row remembers the
-- language the customer ordered in, for the mails that follow.
CREATE TABLE order_mails (
  super_order_code text NOT NULL REFERENCES super_orders (code) ON DELETE CASCADE,
  -- 'placed', 'paid', or 'sent:<order id>' (one per inner order the shop dispatches)
  kind text NOT NULL,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (super_order_code, kind)
);
