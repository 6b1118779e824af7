-- The payments reconcile job (every 15 minutes) reads payments still pending, oldest first, and the daily
-- prints housekeeping deletes checkouts never placed (decision 117): both find their few rows by index.
CREATE INDEX payments_pending ON payments (created_at) WHERE status = 'pending';
CREATE INDEX prints_checkouts_unplaced ON prints_checkouts (created_at) WHERE super_order_code IS NULL;
