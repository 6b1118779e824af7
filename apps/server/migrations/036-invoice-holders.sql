-- The row an erased account's kept invoices move to (decision 104) says so itself (decision 107), so
-- the retention job that deletes such rows at the end of the invoices' retention can never take a live
-- account: a holder is always a deleted row.
ALTER TABLE customers ADD COLUMN invoice_holder boolean NOT NULL DEFAULT false;
ALTER TABLE customers ADD CONSTRAINT customers_invoice_holder_is_deleted
  CHECK (NOT invoice_holder OR deleted_at IS NOT NULL);

-- Holders made before this column: the pseudonym (no '@', never a sign-in address) and no password.
UPDATE customers SET invoice_holder = true
WHERE deleted_at IS NOT NULL AND password_hash = '' AND email LIKE 'deleted-customer-%';
