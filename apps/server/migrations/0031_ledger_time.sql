-- Passbooks and statements read an account's postings by time (and balances at a moment).
CREATE INDEX postings_account_time ON postings (account_id, created_at DESC, id DESC);
