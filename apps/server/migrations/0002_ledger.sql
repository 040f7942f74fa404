-- The double-entry ledger: every movement of money is one journal entry whose postings sum to zero.
CREATE TABLE ledger_accounts (
  id text PRIMARY KEY,
  kind text NOT NULL,
  owner_id text NOT NULL,
  currency text NOT NULL DEFAULT 'INR',
  balance bigint NOT NULL DEFAULT 0,
  allow_negative boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, owner_id),
  CHECK (allow_negative OR balance >= 0)
);

CREATE TABLE journal_entries (
  id text PRIMARY KEY,
  kind text NOT NULL,
  memo text NOT NULL,
  reference_type text,
  reference_id text,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_entries_reference ON journal_entries (reference_type, reference_id);

CREATE TABLE postings (
  id bigserial PRIMARY KEY,
  entry_id text NOT NULL REFERENCES journal_entries(id),
  account_id text NOT NULL REFERENCES ledger_accounts(id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX postings_account ON postings (account_id, id DESC);
CREATE INDEX postings_entry ON postings (entry_id);

-- A money-moving request is done once per key; a repeat gets the stored first answer.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

-- Journal rows are immutable: corrections are new entries, never edits.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable';
END $$;
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER postings_immutable BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
