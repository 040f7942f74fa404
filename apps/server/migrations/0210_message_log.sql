-- The message log (issue 46): one row per message the portal sends through a provider (SMS or WhatsApp),
-- its state as the provider reports it, and the key that makes a send happen once per request. The
-- variables a queued message still needs (a login code) are kept sealed and cleared once it leaves the
-- queue; support reads every other column (ADR 266).
CREATE TABLE message_log (
  id text PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
  kind text NOT NULL,
  recipient text NOT NULL,
  provider text NOT NULL,
  provider_message_id text,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  idempotency_key text NOT NULL UNIQUE,
  sealed_variables text,
  last_error text,
  lease_until timestamptz,
  next_attempt_at timestamptz,
  sent_at timestamptz,
  delivered_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_log_provider_message ON message_log (provider, provider_message_id) WHERE provider_message_id IS NOT NULL;
CREATE INDEX message_log_recipient ON message_log (recipient, created_at DESC);
CREATE INDEX message_log_due ON message_log (next_attempt_at) WHERE state = 'queued';
