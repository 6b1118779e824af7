-- How the customer paid, when the shop says (art. 226 lets an invoice say 'paid on {date} by {method}').
-- The names are the account area's payment method ids (decision 105); null: not told.
ALTER TABLE orders ADD COLUMN payment_method text
  CHECK (payment_method IN ('ideal', 'bancontact', 'card', 'paypal', 'sepaDirectDebit', 'invoice'));
