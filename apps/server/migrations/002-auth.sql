-- What the embedded OpenID Providers remember (their sessions, interactions, grants, codes, tokens).
-- Kept here rather than in memory so a restart signs nobody out and any replica can answer.
-- `issuer` keeps each storefront's provider to its own records: a code or refresh token issued for
-- one storefront is never found by another.
CREATE TABLE oidc_payloads (
  issuer text NOT NULL,
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  user_code text,
  consumed_at timestamptz,
  expires_at timestamptz,
  PRIMARY KEY (issuer, model, id)
);

CREATE INDEX oidc_payloads_grant ON oidc_payloads (issuer, grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_uid ON oidc_payloads (issuer, model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_user_code ON oidc_payloads (issuer, model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_payloads_expiry ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;

-- Sign-ins in flight: what the callback needs to finish the authorization-code flow. Keyed by a
-- hash of `state`; the PKCE verifier and nonce are encrypted; `browser_hash` ties the flow to the
-- browser that started it (login CSRF).
CREATE TABLE login_requests (
  state_hash text PRIMARY KEY,
  issuer text NOT NULL,
  browser_hash text NOT NULL,
  secrets text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX login_requests_expiry ON login_requests (expires_at);

-- Backend-for-frontend sessions: the browser holds only a random id; its SHA-256 is the key, and
-- the tokens are encrypted at rest.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  issuer text NOT NULL,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  tokens text NOT NULL,
  access_expires_at timestamptz NOT NULL,
  refresh_lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_customer ON sessions (customer_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);
