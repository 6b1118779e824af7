-- A registration made for a business (decision 106): confirmed, it creates a B2B account with status
-- New, which completes its company details in the B2B settings.
ALTER TABLE account_registrations ADD COLUMN is_b2b boolean NOT NULL DEFAULT false;
