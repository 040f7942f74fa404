-- Support and engagement (issue 14, ADR 120): tickets gain a working state, an assignee and a thread;
-- surveys, training, widget acknowledgements, rate cards and referral get their tables.

ALTER TABLE tickets DROP CONSTRAINT tickets_status_check;
ALTER TABLE tickets ADD CONSTRAINT tickets_status_check CHECK (status IN ('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'));
ALTER TABLE tickets
  ADD COLUMN assigned_to text,
  ADD COLUMN outcome text CHECK (outcome IN ('OPERATOR_FAVOUR', 'REJECTED', 'ANSWERED')),
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolved_by text,
  ADD COLUMN credited_txn_id text,
  ADD COLUMN message_count integer NOT NULL DEFAULT 0,
  ADD COLUMN last_message_at timestamptz;
-- a ticket being worked on is still open: one open dispute per toll across both open states
DROP INDEX tickets_open_reference;
CREATE UNIQUE INDEX tickets_open_reference ON tickets (category, reference_type, reference_id)
  WHERE status IN ('OPEN', 'IN_PROGRESS') AND reference_type <> 'NONE';
-- the desk's queue: by status, oldest first; the operator's list: latest activity first
CREATE INDEX tickets_queue ON tickets (status, created_at);
CREATE INDEX tickets_operator_activity ON tickets (operator_id, updated_at DESC, id DESC);

CREATE TABLE ticket_messages (
  id text PRIMARY KEY,
  ticket_id text NOT NULL REFERENCES tickets(id),
  author text NOT NULL CHECK (author IN ('OPERATOR', 'SUPPORT', 'SYSTEM')),
  author_code text NOT NULL,
  author_name text NOT NULL,
  body text NOT NULL CHECK (length(body) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_messages_ticket ON ticket_messages (ticket_id, created_at);

-- photos on a ticket: issued as a signed upload, attached to one message once checked
CREATE TABLE ticket_files (
  id text PRIMARY KEY,
  ticket_id text NOT NULL REFERENCES tickets(id),
  resource_key text NOT NULL UNIQUE,
  content_type text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ATTACHED', 'REJECTED')),
  message_id text REFERENCES ticket_messages(id),
  size_bytes integer,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_files_ticket ON ticket_files (ticket_id);

CREATE TABLE surveys (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_hi text NOT NULL,
  questions jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE survey_responses (
  survey_id text NOT NULL REFERENCES surveys(id),
  user_id text NOT NULL REFERENCES users(id),
  operator_id text,
  answers jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (survey_id, user_id)
);

CREATE TABLE training_modules (
  id text PRIMARY KEY,
  type text NOT NULL,
  source text NOT NULL DEFAULT 'APP',
  sort integer NOT NULL DEFAULT 0,
  title_en text NOT NULL,
  title_hi text NOT NULL,
  -- [{ titleEn, titleHi, textEn, textHi, imageUrl, videoUrl }]
  cards jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX training_modules_type ON training_modules (type, source, sort);
CREATE TABLE training_completions (
  user_id text NOT NULL REFERENCES users(id),
  module_id text NOT NULL REFERENCES training_modules(id),
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, module_id)
);
CREATE TABLE widget_acknowledgements (
  user_id text NOT NULL REFERENCES users(id),
  widget text NOT NULL,
  ref_id text NOT NULL DEFAULT '',
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, widget, ref_id)
);

CREATE TABLE rate_cards (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  origin text NOT NULL,
  destination text NOT NULL,
  body_type text NOT NULL,
  tonnage numeric(6, 2) NOT NULL CHECK (tonnage > 0),
  rate_paisa bigint NOT NULL CHECK (rate_paisa > 0),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED')),
  reason text,
  decided_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'REJECTED' OR reason IS NOT NULL)
);
CREATE INDEX rate_cards_operator ON rate_cards (operator_id, updated_at DESC);
CREATE INDEX rate_cards_status ON rate_cards (status, updated_at);

CREATE TABLE referral_codes (
  operator_id text PRIMARY KEY REFERENCES operators(id),
  code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE referrals (
  id text PRIMARY KEY,
  referrer_operator_id text NOT NULL REFERENCES operators(id),
  name text NOT NULL,
  -- one referral per mobile number: the first link used wins
  phone text NOT NULL UNIQUE,
  city text NOT NULL,
  fleet_size integer NOT NULL CHECK (fleet_size > 0),
  status text NOT NULL DEFAULT 'JOINED' CHECK (status IN ('JOINED', 'REGISTERED', 'REWARDED')),
  referred_operator_id text REFERENCES operators(id),
  reward_paisa bigint,
  reward_entry_id text,
  rewarded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referrals_referrer ON referrals (referrer_operator_id, created_at DESC);
CREATE UNIQUE INDEX referrals_referred ON referrals (referred_operator_id) WHERE referred_operator_id IS NOT NULL;
