-- Membership (the spec's "subscription", ADR 060): the operator's membership period, the orders that
-- buy it from the wallet, and the media (page sources) an operator came to the membership page from.

CREATE TABLE memberships (
  operator_id text PRIMARY KEY REFERENCES operators(id),
  -- start of the current unbroken membership; a renewal after a lapse starts a new one
  active_from timestamptz NOT NULL,
  active_until timestamptz NOT NULL,
  last_order_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (active_until > active_from)
);

CREATE TABLE membership_orders (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  plan_code text NOT NULL,
  title text NOT NULL,
  -- the plan's price and days frozen when the order was made
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0),
  validity_days integer NOT NULL CHECK (validity_days > 0),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PAID', 'EXPIRED')),
  medium text,
  created_by text NOT NULL,
  paid_by text,
  entry_id text,
  valid_from timestamptz,
  valid_until timestamptz,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one unpaid order per operator: a second "operator-subscription" reuses it
CREATE UNIQUE INDEX membership_orders_one_open ON membership_orders (operator_id) WHERE status = 'OPEN';
CREATE INDEX membership_orders_operator ON membership_orders (operator_id, created_at DESC);

-- profile/subscribe: each medium an operator came from, once (a repeat changes nothing)
CREATE TABLE membership_interests (
  operator_id text NOT NULL REFERENCES operators(id),
  medium text NOT NULL,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (operator_id, medium)
);
CREATE INDEX membership_interests_recent ON membership_interests (operator_id, created_at DESC);
