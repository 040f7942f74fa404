-- Marketplace: loads (demands), operator responses, quotes with their history, tokens.
CREATE TABLE demands (
  id text PRIMARY KEY,
  consigner_code text NOT NULL REFERENCES consigners(code),
  posted_by text NOT NULL,
  state text NOT NULL DEFAULT 'OPEN'
    CHECK (state IN ('OPEN', 'AWARDED', 'CONFIRMED', 'IN_TRIP', 'CLOSED', 'CANCELLED', 'EXPIRED')),
  origin_city text NOT NULL,
  origin_lat double precision NOT NULL,
  origin_lng double precision NOT NULL,
  destination_city text NOT NULL,
  destination_lat double precision NOT NULL,
  destination_lng double precision NOT NULL,
  distance_km integer NOT NULL CHECK (distance_km >= 0),
  -- [{ name, address, lat, lng, contactName, contactPhone }]
  loading_points jsonb NOT NULL,
  unloading_points jsonb NOT NULL,
  vehicle_type text NOT NULL,
  body_type text NOT NULL,
  tyre_count integer NOT NULL,
  tonnage numeric(6,2) NOT NULL,
  length_feet integer NOT NULL,
  material text NOT NULL,
  loading_at timestamptz NOT NULL,
  bidding_ends_at timestamptz NOT NULL,
  token_amount_paisa bigint NOT NULL CHECK (token_amount_paisa > 0),
  target_price_paisa bigint CHECK (target_price_paisa > 0),
  -- server-only salt behind the opaque live-ranking tags (ADR 022)
  rank_salt text NOT NULL,
  awarded_operator_id text REFERENCES operators(id),
  awarded_price_paisa bigint,
  awarded_at timestamptz,
  award_reason text,
  trip_id text,
  cancel_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (bidding_ends_at <= loading_at)
);
-- the load board: open loads by window; the consigner's and admin's lists; lane history
CREATE INDEX demands_state_window ON demands (state, bidding_ends_at);
CREATE INDEX demands_consigner ON demands (consigner_code, created_at DESC);
CREATE INDEX demands_created ON demands (created_at DESC);
CREATE INDEX demands_awarded_operator ON demands (awarded_operator_id, state) WHERE awarded_operator_id IS NOT NULL;
CREATE INDEX demands_lane_awarded ON demands (origin_city, destination_city, awarded_at DESC) WHERE awarded_at IS NOT NULL;

-- an operator's accept/reject of a load (spec §5); a rejection hides the load from that operator
CREATE TABLE demand_responses (
  demand_id text NOT NULL REFERENCES demands(id),
  operator_id text NOT NULL REFERENCES operators(id),
  consent text NOT NULL CHECK (consent IN ('ACCEPTED', 'REJECTED')),
  user_code text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (demand_id, operator_id)
);
CREATE INDEX demand_responses_operator ON demand_responses (operator_id, consent);

-- who opened a load from where (the optional utm-source header)
CREATE TABLE demand_views (
  id bigserial PRIMARY KEY,
  demand_id text NOT NULL REFERENCES demands(id),
  operator_id text,
  user_code text NOT NULL,
  utm_source text NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demand_views_demand ON demand_views (demand_id, viewed_at DESC);

-- the current quote per (load, operator); placed_at is when the current amount was first placed (tie-break)
CREATE TABLE quotes (
  demand_id text NOT NULL REFERENCES demands(id),
  operator_id text NOT NULL REFERENCES operators(id),
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0),
  placed_at timestamptz NOT NULL,
  revisions integer NOT NULL DEFAULT 1,
  user_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (demand_id, operator_id)
);
CREATE INDEX quotes_ranking ON quotes (demand_id, amount_paisa, placed_at);
CREATE INDEX quotes_operator ON quotes (operator_id);

-- every quote ever placed, for audit and the bench's "no lost quote" check
CREATE TABLE quote_events (
  id bigserial PRIMARY KEY,
  demand_id text NOT NULL REFERENCES demands(id),
  operator_id text NOT NULL,
  amount_paisa bigint NOT NULL,
  user_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_events_demand ON quote_events (demand_id, created_at);

CREATE TABLE demand_tokens (
  id text PRIMARY KEY,
  demand_id text NOT NULL UNIQUE REFERENCES demands(id),
  operator_id text NOT NULL REFERENCES operators(id),
  status text NOT NULL CHECK (status IN ('DRAFT', 'INITIATED', 'PAID', 'CANCELLED')),
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0),
  vehicle_id text REFERENCES vehicles(id),
  driver_name text,
  driver_phone text,
  trip_id text,
  payment_entry_id text,
  paid_at timestamptz,
  cancelled_at timestamptz,
  refund_paisa bigint,
  kept_paisa bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demand_tokens_operator ON demand_tokens (operator_id, created_at DESC);
