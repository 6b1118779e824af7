-- Issue 20. The test payment page decides only with the one-time secret it was rendered with (a hash
-- of it is kept): a bare POST to the session's address, whatever its Origin header, decides nothing.
ALTER TABLE test_payment_sessions ADD COLUMN page_secret_hash text;
-- A session may save the payment method for later charges; its provider then holds a mandate.
ALTER TABLE test_payment_sessions ADD COLUMN save_method boolean NOT NULL DEFAULT false;
ALTER TABLE test_payment_sessions ADD COLUMN mandate text;

-- What the provider answered when a payment that saves a method was settled: its mandate, so later
-- orders are charged without the customer (a card or SEPA direct debit saved at the provider).
ALTER TABLE payments ADD COLUMN mandate text;

-- The preferred method's mandate at the provider (card, SEPA); none for methods paid on the provider's
-- page each time (iDEAL, Bancontact, PayPal) or by invoice.
ALTER TABLE preferred_payment_methods ADD COLUMN provider text;
ALTER TABLE preferred_payment_methods ADD COLUMN mandate text;
