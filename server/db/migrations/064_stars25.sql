-- Redemption from 25 Stars (issue 27; docs/rewards.md 3.1): STARS25 makes the options of one item free, up to $1
-- (server/ordering/pricing.ts OPTION_REWARD_TIER). Here, not in the menu seed, so existing databases get it too.
insert into offers (code, type, stars, description, reward_tier, percent_off, eligible_from, market)
values ('STARS25', 'STAR_REWARD', 25, 'Free drink customisation or extra shot, up to $1 (25 Stars)', 25, null, null, 'US')
on conflict (code) do nothing;
