-- A trip's payments are summed per trip on the consigner's balance screen (balance/trip).
CREATE INDEX payment_orders_reference ON payment_orders (reference_id, purpose) WHERE reference_id IS NOT NULL;
