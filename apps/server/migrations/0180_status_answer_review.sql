-- A status answer from the payment provider that fails its signature, order id or merchant id check is
-- logged as UNVERIFIED_STATUS and never acted on (ADR 221); the review list shows it with the other refusals.
DROP INDEX IF EXISTS payment_callbacks_review;
CREATE INDEX payment_callbacks_review ON payment_callbacks (created_at DESC)
  WHERE outcome IN ('FORGED', 'UNKNOWN_ORDER', 'AMOUNT_MISMATCH', 'STATUS_UNCONFIRMED', 'UNVERIFIED_STATUS');
