-- One open ticket per reference and per operator (issue 45 §8, ADR 228): without the operator in the key,
-- one operator's ticket on a trip, load or toll id blocked every other operator's ticket on the same id.
DROP INDEX tickets_open_reference;
CREATE UNIQUE INDEX tickets_open_reference ON tickets (operator_id, category, reference_type, reference_id)
  WHERE status IN ('OPEN', 'IN_PROGRESS') AND reference_type <> 'NONE';
