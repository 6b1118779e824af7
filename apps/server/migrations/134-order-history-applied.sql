-- Every state the shop reported is kept, and whether it is part of the order's story (issue 25): a
-- report that moved the order, or a late report of an earlier step that happened before the state
-- the order is in. A step reported after the order ended (ProductionStarted after Cancelled) is kept
-- for the shop's history call only, never shown to the customer.
ALTER TABLE order_state_history ADD COLUMN applied boolean NOT NULL DEFAULT true;

UPDATE order_state_history h SET applied = false
  FROM orders o
  WHERE h.order_id = o.id AND h.state <> o.state AND h.occurred_at > o.state_changed_at;
