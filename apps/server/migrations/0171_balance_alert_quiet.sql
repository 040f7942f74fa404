-- When the owner was last told about this tag's balance (a toll declined, or an automatic top-up the wallet could
-- not cover): a tag tells its owner once, then stays quiet for a while, across every server process (ADR 183).
-- Not indexed, so setting it is an update on the tag's own page.
ALTER TABLE fastags ADD COLUMN balance_alert_at timestamptz;
