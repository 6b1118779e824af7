-- The parcel of a dispatched order, as the shop reports it with Dispatched (issue 25): the carrier's
-- name and the tracking number, shown to the customer with a link to the carrier's tracking page.
ALTER TABLE orders ADD COLUMN tracking_carrier text;
ALTER TABLE orders ADD COLUMN tracking_number text;
