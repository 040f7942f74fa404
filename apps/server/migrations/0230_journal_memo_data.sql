-- A journal entry's memo as data (issue 50 §3, ADR 275): a kind id and its parameters, so a passbook or statement
-- renders it in the reader's language. The English memo stays beside it; rows written before keep only their text.
ALTER TABLE journal_entries ADD COLUMN memo_data jsonb;
