-- Home stream (issue 28, docs/home.md section 3): editorial content items (member and guest), the per-member stream
-- version (digest of the last full answer and when it last changed: modifiedSince / 304) and the onboarding tasks the
-- member has seen (the completed card shown 5 s, then collapsed).
create table stream_content (
  content_id text primary key,
  audience text not null check (audience in ('member', 'guest')),
  item_type text not null check (item_type in ('content', 'information', 'carousel')),
  rank integer not null,
  start_date timestamptz not null,
  end_date timestamptz check (end_date is null or end_date > start_date),
  -- information items: segmentation tiers
  tiers integer[],
  -- content.item (member) or content (guest)
  item jsonb not null check (jsonb_typeof(item) = 'object'),
  updated_at timestamptz not null default now(),
  check (audience = 'guest' or item_type <> 'carousel')
);
create index stream_content_live on stream_content (audience, end_date);

create table stream_versions (
  user_id text primary key references users(id) on delete cascade,
  digest text not null,
  modified_at timestamptz not null
);

create table onboarding_tasks_seen (
  user_id text not null references users(id) on delete cascade,
  task text not null check (task in ('MOP', 'Purchase', 'SvcReload')),
  seen_at timestamptz not null,
  primary key (user_id, task)
);

-- onboarding's "in-store purchase" is a card charge no order names (server/home/onboarding.ts)
create index orders_card_ledger on orders (card_ledger_id) where card_ledger_id is not null;
