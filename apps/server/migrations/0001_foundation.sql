-- Foundation: operators, consigners, users, roles, login codes, sessions, vehicles, drivers.
CREATE TABLE operators (
  id text PRIMARY KEY,
  name text NOT NULL,
  company_name text NOT NULL,
  city text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE consigners (
  code text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (operator_id, name)
);

CREATE TABLE role_permissions (
  role_id text NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
  id text PRIMARY KEY,
  user_code text NOT NULL UNIQUE,
  phone text NOT NULL,
  name text NOT NULL,
  email text,
  kind text NOT NULL CHECK (kind IN ('OPERATOR', 'SUBORDINATE', 'CONSIGNER', 'ADMIN')),
  operator_id text REFERENCES operators(id),
  consigner_code text REFERENCES consigners(code),
  role_id text REFERENCES roles(id),
  locale text NOT NULL DEFAULT 'en',
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (kind <> 'SUBORDINATE' OR (operator_id IS NOT NULL AND role_id IS NOT NULL)),
  CHECK (kind <> 'OPERATOR' OR operator_id IS NOT NULL),
  CHECK (kind <> 'CONSIGNER' OR consigner_code IS NOT NULL)
);
-- one live account per phone; a removed subordinate frees the number
CREATE UNIQUE INDEX users_phone_live ON users (phone) WHERE deleted_at IS NULL;
CREATE INDEX users_operator ON users (operator_id) WHERE deleted_at IS NULL;

CREATE TABLE otp_codes (
  id text PRIMARY KEY,
  phone text NOT NULL,
  code_hash text NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_codes_phone_created ON otp_codes (phone, created_at DESC);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE vehicles (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  number text NOT NULL UNIQUE,
  vehicle_type text NOT NULL,
  body_type text NOT NULL,
  tyre_count integer NOT NULL,
  tonnage numeric(6,2) NOT NULL,
  size_in_feet integer NOT NULL,
  height_in_feet numeric(4,1),
  ownership text NOT NULL DEFAULT 'SELF',
  owner_name text,
  status text NOT NULL DEFAULT 'VERIFIED',
  current_lat double precision,
  current_lng double precision,
  current_city text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vehicles_operator ON vehicles (operator_id, number);

CREATE TABLE drivers (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  name text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (operator_id, phone)
);
