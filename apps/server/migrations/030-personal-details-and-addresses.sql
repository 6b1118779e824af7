-- Personal details of spec 3 and issue 12: salutation where the language uses one, phone in E.164,
-- optional date of birth, and the company details of a B2B account.
ALTER TABLE customers ADD COLUMN salutation text CHECK (salutation IN ('mr', 'ms', 'mx'));
ALTER TABLE customers ADD COLUMN phone text;
ALTER TABLE customers ADD COLUMN date_of_birth date;
ALTER TABLE customers ADD COLUMN company_name text;
ALTER TABLE customers ADD COLUMN vat_id text;
ALTER TABLE customers ADD COLUMN chamber_of_commerce_number text;

-- Saved addresses, checked by the one address validator (decision 100) before they are written.
CREATE TABLE customer_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  country text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  company text NOT NULL DEFAULT '',
  street text NOT NULL,
  house_number text NOT NULL,
  address_line2 text NOT NULL DEFAULT '',
  postcode text NOT NULL DEFAULT '',
  city text NOT NULL,
  region text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  is_default_delivery boolean NOT NULL DEFAULT false,
  is_default_billing boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX customer_addresses_customer ON customer_addresses (customer_id, created_at);
-- At most one default of each kind per customer.
CREATE UNIQUE INDEX customer_addresses_default_delivery ON customer_addresses (customer_id)
  WHERE is_default_delivery;
CREATE UNIQUE INDEX customer_addresses_default_billing ON customer_addresses (customer_id)
  WHERE is_default_billing;
