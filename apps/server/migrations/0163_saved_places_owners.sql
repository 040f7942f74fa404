-- Saved places belong to an account of any kind (ADR 115): an operator's (shared by its owner and
-- subordinates), a consigner's (shared by its users) or one admin user's. The owner is a kind and an id,
-- so one unique index keeps names unique per account and serves the name search of place search.
ALTER TABLE saved_places ADD COLUMN owner_kind text;
ALTER TABLE saved_places ADD COLUMN owner_id text;
UPDATE saved_places SET owner_kind = 'OPERATOR', owner_id = operator_id;
ALTER TABLE saved_places ALTER COLUMN owner_kind SET NOT NULL;
ALTER TABLE saved_places ALTER COLUMN owner_id SET NOT NULL;
ALTER TABLE saved_places ADD CONSTRAINT saved_places_owner_kind CHECK (owner_kind IN ('OPERATOR', 'CONSIGNER', 'USER'));
ALTER TABLE saved_places DROP COLUMN operator_id;
CREATE UNIQUE INDEX saved_places_owner_name ON saved_places (owner_kind, owner_id, place_name);
