-- Promo campaigns and their links (docs/rewards.md 3.4, 3.6; spec 3 section 4 "Promo redemption", section 5
-- "Offers"): a campaign grants one coupon (member_rewards) per member, at most max_redemptions in all; a link
-- (campaign_links.match_id, the ?matchId= of /rewards/promo/redeem) carries the promo code in its link data.
alter table offers add column grant_only boolean not null default false;  -- usable only when granted (member_rewards)
create table campaigns (
  campaign_code text primary key,
  promo_code text not null,                  -- matched case-insensitively
  offer_code text not null references offers(code),
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  markets text[] not null check (cardinality(markets) > 0),
  eligible_from timestamptz not null,        -- spec 5: not later than the member's join date
  max_redemptions integer check (max_redemptions > 0),
  redemptions integer not null default 0 check (max_redemptions is null or redemptions <= max_redemptions),
  withdrawn boolean not null default false
);
create unique index campaigns_promo_code on campaigns (lower(promo_code));
create table campaign_links (
  match_id text primary key check (match_id ~ '^[A-Za-z0-9_-]{4,64}$'),
  campaign_code text not null references campaigns(campaign_code),
  link_data jsonb not null,                  -- e.g. {"PromoCode": "SPRINGLATTE", "utm": "..."}
  expires_at timestamptz                     -- a link may end before its campaign (1007)
);
create table member_rewards (                -- coupons granted to one member (promo, bonus); redeemed at checkout
  reward_id text primary key,                -- 'mr_' + random
  user_id text not null references users(id) on delete cascade,
  offer_code text not null references offers(code),
  source text not null check (source in ('promo','bonus','birthday','welcome')),
  source_ref text not null,                  -- campaign_code / bonus offer code
  granted_at timestamptz not null,
  expires_at timestamptz not null,
  redeemed_order_id text,
  redeemed_at timestamptz,
  unique (user_id, source, source_ref)       -- once per member per campaign: the second redemption fails here
);
create index member_rewards_user on member_rewards (user_id, expires_at);
