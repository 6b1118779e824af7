-- What delivery of a super order costs, in minor units of its currency, as the shop charged it: part of
-- the order's total and invoiced with its first order (decision 115). Orders from before cost 0 to deliver.
ALTER TABLE super_orders ADD COLUMN delivery_price integer NOT NULL DEFAULT 0 CHECK (delivery_price >= 0);
