-- The buyer details an invoice was issued without (decision 127): 'companyName', 'address', 'vatId'.
-- Empty when the invoice is complete; otherwise the shop completes the account and corrects the invoice.
ALTER TABLE invoices ADD COLUMN missing_details text[] NOT NULL DEFAULT '{}';
CREATE INDEX invoices_incomplete ON invoices (storefront_id, issued_at) WHERE missing_details <> '{}';
