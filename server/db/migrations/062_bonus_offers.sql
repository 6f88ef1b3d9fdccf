-- Bonus offers a member opts into (/rewards/bonus/{offerCode}; docs/rewards.md 3.5): a count bonus multiplies the
-- Stars of the member's next `uses` orders, a multiplier event every order inside its window. Honoured by the
-- order's earn (server/rewards/bonus.ts bonusFor, called in the submit transaction).
create table bonus_offers (
  offer_code text primary key,
  kind text not null check (kind in ('count','multiplier')),
  channel text not null default 'web' check (channel in ('web','external')),
  multiplier_bp integer not null check (multiplier_bp between 10001 and 50000),  -- 20000 = double
  uses integer check ((kind = 'count') = (uses is not null) and (uses is null or uses > 0)),
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  choice_group text                          -- offers of one group: a member may hold one (active-choice)
);
create table bonus_enrolments (
  user_id text not null references users(id) on delete cascade,
  offer_code text not null references bonus_offers(offer_code),
  source text not null check (source in ('web','external')),
  uses_left integer check (uses_left >= 0),
  enrolled_at timestamptz not null,
  choice_group text,                         -- copied from the offer: one enrolment per member and group
  primary key (user_id, offer_code)
);
create unique index bonus_enrolments_one_per_group on bonus_enrolments (user_id, choice_group) where choice_group is not null;
