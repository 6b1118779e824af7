-- New newsletter mails link to the signed one-click unsubscribe address (decision 119), which needs no
-- stored secret. The random link secret of mails sent before stays valid until the customer asks for a
-- new confirmation mail, as it always did; new requests store none.
ALTER TABLE newsletter_subscriptions ALTER COLUMN unsubscribe_token_hash DROP NOT NULL;
