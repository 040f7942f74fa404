-- A referral is taken only once the person joining proves the number (issue 45 §10, ADR 302): the code sent
-- to that phone, kept hashed with the same rules as a login code (newest code, counted tries, single use).
CREATE TABLE referral_confirmations (
  id text PRIMARY KEY,
  phone text NOT NULL,
  code_hash text NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_confirmations_phone ON referral_confirmations (phone, created_at DESC);
