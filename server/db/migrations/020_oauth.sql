-- Third-party app consent (issue 11, docs/consent.md): a real OAuth 2.0 authorization server.
-- Registered clients (seeded here; the development sample client is registered at start-up with loopback redirect
-- URIs, server/oauth/clients.ts), single-use authorization codes bound to client, redirect URI, PKCE challenge and
-- member, the member's grants (what the consent screen confirmed), and opaque access tokens. Codes and tokens are
-- stored only as SHA-256 hashes.

create table oauth_clients (
  client_id text primary key check (client_id ~ '^[a-z0-9][a-z0-9-]{2,63}$'),
  name text not null,
  image_url text not null,
  -- exact absolute redirect URIs (never a prefix or a pattern)
  redirect_uris text[] not null,
  allowed_scopes text[] not null check (allowed_scopes <@ array['account', 'card', 'payment', 'rewards']::text[]),
  dev_only boolean not null default false,
  created_at timestamptz not null default now()
);

-- the member's consent to a client: the scopes confirmed on /oauth/authorize; revoking deletes it and its tokens
create table oauth_grants (
  user_id text not null references users(id) on delete cascade,
  client_id text not null references oauth_clients(client_id) on delete cascade,
  scopes text[] not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, client_id)
);

create table oauth_codes (
  code_hash text primary key,
  client_id text not null references oauth_clients(client_id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  redirect_uri text not null,
  scopes text[] not null,
  code_challenge text not null check (code_challenge ~ '^[A-Za-z0-9_-]{43}$'),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index oauth_codes_user on oauth_codes (user_id, client_id);

create table oauth_tokens (
  token_hash text primary key,
  client_id text not null references oauth_clients(client_id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  scopes text[] not null,
  -- the code it was issued for: a second redemption of that code revokes it (RFC 6749 section 4.1.2)
  code_hash text,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index oauth_tokens_user on oauth_tokens (user_id, client_id);

insert into oauth_clients (client_id, name, image_url, redirect_uris, allowed_scopes) values
  ('brewbudget', 'BrewBudget', '/oauth-clients/brewbudget.svg', array['https://brewbudget.example/oauth/callback'], array['account', 'card']),
  ('cuptracker', 'CupTracker', '/oauth-clients/cuptracker.svg', array['https://cuptracker.example/callback', 'com.cuptracker.app:/oauth2redirect'], array['account', 'card', 'payment', 'rewards']),
  ('starsync', 'StarSync', '/oauth-clients/starsync.svg', array['https://starsync.example/auth/return'], array['rewards']);
