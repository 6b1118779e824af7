-- The order line of a prints checkout carries the catalogue's product code of the chosen size (a SKU such
-- as PAP_1318), so that a reorder finds the same article and size in the catalogue (decision 115).
-- Checkouts made before this kept only the article code; theirs stands in.
ALTER TABLE prints_checkouts ADD COLUMN product_code text;
UPDATE prints_checkouts SET product_code = article_code;
ALTER TABLE prints_checkouts ALTER COLUMN product_code SET NOT NULL;
