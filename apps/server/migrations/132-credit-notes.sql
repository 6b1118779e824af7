-- Credit notes (decision 128): a cancelled, invoiced order's invoice is credited in full by a credit
-- note of its own gap-free series per storefront, kept in `invoices` so listing, serving, retention
-- and erasure treat it as the invoice it corrects. The reference to the credited invoice is no foreign
-- key: each document is deleted when its own retention ends.
ALTER TABLE invoice_counters ADD COLUMN series text NOT NULL DEFAULT 'invoice';
ALTER TABLE invoice_counters DROP CONSTRAINT invoice_counters_pkey;
ALTER TABLE invoice_counters ADD PRIMARY KEY (storefront_id, series);

ALTER TABLE invoices ADD COLUMN kind text NOT NULL DEFAULT 'invoice';
ALTER TABLE invoices ADD COLUMN credits_invoice_id uuid;
ALTER TABLE invoices ADD CONSTRAINT invoices_kind CHECK (
  (kind = 'invoice' AND credits_invoice_id IS NULL) OR (kind = 'credit-note' AND credits_invoice_id IS NOT NULL)
);
ALTER TABLE invoices DROP CONSTRAINT invoices_order_id_key;
ALTER TABLE invoices ADD CONSTRAINT invoices_order_kind UNIQUE (order_id, kind);
ALTER TABLE invoices DROP CONSTRAINT invoices_storefront_id_number_key;
ALTER TABLE invoices ADD CONSTRAINT invoices_storefront_kind_number UNIQUE (storefront_id, kind, number);
