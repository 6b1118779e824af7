-- The customer's preferred payment method for future orders (decision 105). Only the method's name:
-- card and SEPA details stay with the payment provider, saved on its hosted page.
CREATE TABLE preferred_payment_methods (
  customer_id uuid PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  method text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
