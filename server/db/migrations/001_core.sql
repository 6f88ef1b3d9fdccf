-- Core schema: places (gazetteer), stores, users, sessions, favorites, outbox, rate limits.
-- Runs unchanged on PGlite and on PostgreSQL 15+.
create extension if not exists cube;
create extension if not exists earthdistance;

create table places (
  id integer primary key,
  name text not null,
  search_name text not null,          -- lower-case ASCII form used for prefix search
  admin1 text not null default '',    -- state / province code
  country_code text not null,
  latitude double precision not null,
  longitude double precision not null,
  population integer not null default 0,
  display_name text not null          -- "Seattle, WA, US"
);
create index places_search_prefix on places (search_name text_pattern_ops, population desc);

create table stores (
  store_number text primary key,      -- full form "12345-67890"
  short_number text not null unique,  -- the part before the dash
  id text not null unique,
  name text not null,
  latitude double precision not null,
  longitude double precision not null,
  address jsonb not null,             -- { singleLine, lines[], city, postalCode, countryCode, countrySubdivisionCode }
  country_code text not null,
  phone_number text,
  time_zone_id text not null,
  ownership_type_code text not null,  -- CO (company operated) or LS (licensed)
  weekly_hours jsonb not null,        -- [{ day: 0..6 (0 = Sunday), open: "05:30", close: "21:00" } | { day, closed: true }]
  holidays jsonb not null,            -- [{ date: "2026-12-25", name, closed: true } | { date, name, open, close }]
  is_open_24_hours boolean not null,
  pickup_options jsonb not null,      -- [{ code: "16" | "DT" | "CX", name }]
  amenities jsonb not null,           -- [{ code, name }]
  warning_labels jsonb not null,      -- [{ code, label }]
  mobile_ordering jsonb not null,     -- { availability, guestOrdering, curbsideAvailability, stallQuantity }
  feature_codes text[] not null       -- static feature codes used by the filter (amenities, pickup codes, GC)
);
-- nearest-neighbour search: ORDER BY ll_to_earth(...) <-> ll_to_earth($lat, $lng) uses this GiST index
create index stores_earth on stores using gist (ll_to_earth(latitude, longitude));

create table users (
  id text primary key,
  ex_id text not null unique,
  email text not null,
  email_normalized text not null unique,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  market text not null default 'US',
  locale text not null default 'en-US',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sessions (
  id_hash text primary key,           -- sha256 of the cookie token; the token itself is never stored
  user_id text references users(id) on delete cascade,
  remember_me boolean not null default false,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  mfa_verified_at timestamptz,
  user_agent text
);
create index sessions_user on sessions (user_id);

create table favorite_stores (
  user_id text not null references users(id) on delete cascade,
  short_number text not null references stores(short_number) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, short_number)
);

create table previous_stores (
  user_id text not null references users(id) on delete cascade,
  short_number text not null references stores(short_number) on delete cascade,
  last_visited_at timestamptz not null default now(),
  primary key (user_id, short_number)
);

create table outbox (
  id bigserial primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text not null,
  body text not null,
  link text,
  kind text not null,
  user_id text references users(id) on delete set null,
  created_at timestamptz not null default now()
);

create table rate_limits (
  bucket text primary key,            -- e.g. "signin:ip:127.0.0.1"
  window_start timestamptz not null,
  count integer not null
);

create table idempotency_keys (
  key text not null,
  scope text not null,                -- user id or "guest:<session>"
  request_hash text not null,
  status integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);

create table seed_info (
  id integer primary key check (id = 1),
  version text not null,
  store_count integer not null,
  seeded_at timestamptz not null default now()
);
