-- Account security (issue 6, accounts part; docs/security-accounts.md):
-- * sign-in throttling with growing delays per username, per IP and per known device (state shared by every
--   server process), instead of fixed-window lockouts that an attacker could aim at a member;
-- * known devices: a browser that signed in before carries an HttpOnly device cookie (random 256-bit token,
--   stored here as SHA-256) that lets the member's correct password through while their username is throttled;
-- * sessions get a public id (listed and ended from /account/settings/sessions without naming the token hash);
-- * single-sign-on links are bound to the browser that asked for them (hash of a nonce cookie);
-- * decoy reset tokens for unknown addresses (user_id null, never valid), so forgot-password does the same
--   database work whether or not the address has an account.

create table auth_throttle (
  bucket text primary key,              -- 'signin:user:<sha256>', 'signin:ip:<ip>', 'signin:device:<sha256>'
  attempts integer not null default 0 check (attempts >= 0),
  last_attempt_at timestamptz not null default now(),
  next_allowed_at timestamptz not null default now()
);
create index auth_throttle_last on auth_throttle (last_attempt_at);

create table known_devices (
  token_hash text not null,
  user_id text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  primary key (token_hash, user_id)       -- one browser can be known for several members
);
create index known_devices_user on known_devices (user_id);

alter table sessions add column public_id text not null default gen_random_uuid()::text;
create unique index sessions_public_id on sessions (public_id);

alter table sso_tokens add column browser_nonce_hash text;

alter table password_reset_tokens alter column user_id drop not null;
