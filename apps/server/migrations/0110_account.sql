-- The operator's account (issue 13): profile details beyond the operators row, per-operator app config,
-- per-user settings, TDS declarations and undertakings (section 194C(6)), policy acceptances, onboarding
-- preferences, client events, saved places and place selections.

CREATE TABLE operator_profiles (
  operator_id text PRIMARY KEY REFERENCES operators(id),
  owner_name text,
  email text,
  gstin text,
  pan text,
  bank_account_name text,
  bank_account_number text,
  bank_ifsc text,
  operative boolean NOT NULL DEFAULT true,
  onboarding_unsubscribed boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- one row per operator once it changes anything; absent means the defaults of the contracts
CREATE TABLE operator_app_configs (
  operator_id text PRIMARY KEY REFERENCES operators(id),
  load_screen text NOT NULL DEFAULT 'LIST' CHECK (load_screen IN ('LIST', 'MAP')),
  active_screen integer NOT NULL DEFAULT 2 CHECK (active_screen BETWEEN 1 AND 4),
  wallet_recharge_source text NOT NULL DEFAULT 'RAZORPAY' CHECK (wallet_recharge_source IN ('RAZORPAY', 'PAYTM')),
  show_warning_bottom_banner boolean NOT NULL DEFAULT false,
  buy_gps_link text NOT NULL DEFAULT '/web-view/buy-gps',
  feedback_widget boolean NOT NULL DEFAULT true,
  show_vehicle_availability_card boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_settings (
  user_id text PRIMARY KEY REFERENCES users(id),
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tds_declarations (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  kind text NOT NULL CHECK (kind IN ('TDS_DECLARATION', 'UNDERTAKING')),
  name text NOT NULL,
  father_name text NOT NULL,
  pan text NOT NULL,
  street text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  pin_code text NOT NULL,
  phone text NOT NULL,
  op_code text NOT NULL,
  vehicle_numbers jsonb NOT NULL,
  signed_on date NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date)
);
CREATE INDEX tds_declarations_operator ON tds_declarations (operator_id, kind, start_date);

CREATE TABLE policy_acceptances (
  operator_id text NOT NULL REFERENCES operators(id),
  policy_type text NOT NULL,
  version integer NOT NULL,
  user_id text NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (operator_id, policy_type, version)
);

CREATE TABLE client_events (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  operator_id text,
  name text NOT NULL,
  screen text,
  properties jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_events_name_time ON client_events (created_at, name);

CREATE TABLE saved_places (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  place_name text NOT NULL,
  place_lat double precision NOT NULL,
  place_lng double precision NOT NULL,
  place_id text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (operator_id, place_name)
);

CREATE TABLE place_selections (
  id bigserial PRIMARY KEY,
  operator_id text,
  user_id text NOT NULL,
  place_id text NOT NULL,
  search_text text NOT NULL,
  source text NOT NULL,
  position integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX place_selections_place ON place_selections (place_id);
