-- A product's file per language (decision 125): the shop may send a file of a purpose for one language
-- (a BCP 47 tag: `nl-NL`, or `nl` for every Dutch reader); '' is the product's default, which every
-- reader may get. Files sent before were one per purpose for every reader: they become the defaults.
-- '' rather than NULL because the column is part of the key.
ALTER TABLE product_information_files ADD COLUMN language text NOT NULL DEFAULT '';
ALTER TABLE product_information_files DROP CONSTRAINT product_information_files_pkey;
ALTER TABLE product_information_files ADD PRIMARY KEY (product_code, purpose, language);
