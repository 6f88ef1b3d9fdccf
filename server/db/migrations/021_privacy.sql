-- Privacy opt-out ("Do Not Sell or Share My Personal Information") and signed unsubscribe links (issue 11,
-- docs/consent.md). An opt-out is recorded by email for anyone (the form at /personal-information) and on the
-- account when a member files it or sets it in /account/settings/privacy. Marketing mail in the outbox carries
-- its List-Unsubscribe headers (RFC 8058). The unsubscribe links are signed with a key kept here (made on first use).

create table privacy_opt_outs (
  id bigserial primary key,
  email_normalized text not null,
  user_id text references users(id) on delete set null,
  source text not null check (source in ('form', 'settings')),
  created_at timestamptz not null default now()
);
create index privacy_opt_outs_email on privacy_opt_outs (email_normalized);

alter table users
  add column privacy_opt_out boolean not null default false,
  add column privacy_opt_out_at timestamptz;

alter table outbox add column headers jsonb not null default '{}';

create table signing_keys (
  name text primary key,
  secret text not null check (length(secret) >= 43),
  created_at timestamptz not null default now()
);

-- every unsubscribe done through a link (one-click or the page): what changed, for whom
create table unsubscribe_events (
  id bigserial primary key,
  user_id text not null references users(id) on delete cascade,
  type text not null check (type in ('promotional', 'personalized')),
  via text not null check (via in ('page', 'one-click')),
  created_at timestamptz not null default now()
);
