-- Accounts and sessions: profile and settings columns, password history, reset and SSO tokens,
-- one-time codes (MFA, email change), auth events, stored-value cards and the physical card inventory.
-- Secrets (reset and SSO tokens, one-time codes, card PINs) are stored only as SHA-256 hashes.

alter table users
  add column phone_number text check (phone_number ~ '^[0-9]{10}$'),
  add column birth_month smallint check (birth_month between 1 and 12),
  add column birth_day smallint check (birth_day between 1 and 31),
  add column partner_number text check (partner_number ~ '^[0-9]{5,10}$'),
  add column receive_product_email boolean not null default false,
  add column receive_general_email boolean not null default false,
  add column receive_personalized_email boolean not null default false,
  add column storage_consent boolean not null default false,
  add column terms_accepted_at timestamptz,
  add column country text not null default 'US',
  add column registration_source text,
  add column mfa_phone text check (mfa_phone ~ '^[0-9]{10}$'),
  add column mfa_phone_verified_at timestamptz,
  add column password_changed_at timestamptz;

-- previous password hashes (the current one stays in users.password_hash); the newest 4 are kept
create table password_history (
  id bigserial primary key,
  user_id text not null references users(id) on delete cascade,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create index password_history_user on password_history (user_id, created_at desc);

create table password_reset_tokens (
  token_hash text primary key,
  user_id text not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user on password_reset_tokens (user_id);

create table sso_tokens (
  token_hash text primary key,
  user_id text not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index sso_tokens_user on sso_tokens (user_id);

-- one-time 6-digit codes: sign-in MFA challenges (id = the challengeId handed to the client), email change,
-- MFA re-authentication and MFA phone verification (bound to the session that asked for them)
create table one_time_codes (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('signin-mfa', 'email-change', 'mfa-reauth', 'mfa-phone')),
  code_hash text not null,
  target text,
  session_id_hash text references sessions(id_hash) on delete cascade,
  payload jsonb not null default '{}',
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_codes_user on one_time_codes (user_id, purpose);
create index one_time_codes_session on one_time_codes (session_id_hash, purpose);

-- sign-in, SSO and account-creation events with the client's reputation data (fraud review)
create table auth_events (
  id bigserial primary key,
  kind text not null,
  user_id text references users(id) on delete set null,
  ip text,
  reputation jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index auth_events_user on auth_events (user_id, created_at desc);

-- the card issuer's inventory of physical gift cards that can be registered to an account (sandbox):
-- numbers 6000 1000 0000 0001 .. 6000 1000 0000 0200, PIN of card i = (i * 1234567 + 10000000) mod 10^8
-- as 8 digits; i mod 10 = 0 already registered, i mod 10 = 9 inactive, initial balance (i mod 20) * 2.50
create table physical_cards (
  card_number text primary key check (card_number ~ '^[0-9]{16}$'),
  pin_sha256 text not null,
  status text not null check (status in ('active', 'inactive')),
  initial_balance_cents integer not null check (initial_balance_cents between 0 and 50000),
  registered_at timestamptz
);

insert into physical_cards (card_number, pin_sha256, status, initial_balance_cents, registered_at)
select n, encode(sha256(convert_to(n || ':' || pin, 'UTF8')), 'hex'),
       case when i % 10 = 9 then 'inactive' else 'active' end,
       (i % 20) * 250,
       case when i % 10 = 0 then now() else null end
  from (select i, '600010000000' || lpad(i::text, 4, '0') as n,
               lpad(((i::bigint * 1234567 + 10000000) % 100000000)::text, 8, '0') as pin
          from generate_series(1, 200) as i) as g;

-- a member's stored-value cards (spec 2 section 3); the full card feature builds on this table
create table stored_value_cards (
  card_id text primary key,
  user_id text not null references users(id) on delete cascade,
  card_number text not null unique check (card_number ~ '^[0-9]{16}$'),
  kind text not null check (kind in ('digital', 'physical')),
  nickname text,
  card_image_url text,
  balance_cents integer not null default 0 check (balance_cents between 0 and 50000),
  is_primary boolean not null default false,
  status text not null default 'active' check (status in ('active', 'closed')),
  created_at timestamptz not null default now()
);
create index stored_value_cards_user on stored_value_cards (user_id);
create unique index stored_value_cards_one_primary on stored_value_cards (user_id) where is_primary
