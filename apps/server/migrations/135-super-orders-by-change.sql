-- The shop's paged list of super orders (issue 25), oldest change first, for reconciling.
CREATE INDEX super_orders_changed ON super_orders (changed_at, code);
