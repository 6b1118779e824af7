-- The List-Unsubscribe headers a mail of a list carries (RFC 2369, RFC 8058), rendered with the mail
-- and sent with it. Only those names are ever stored here (mail/list-headers.ts); like the body, they
-- are emptied once an SMTP relay has accepted the mail.
ALTER TABLE mail_outbox ADD COLUMN list_headers jsonb NOT NULL DEFAULT '{}'::jsonb;
