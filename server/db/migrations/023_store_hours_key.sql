-- Locator list query (issue 8, docs/locator.md "Performance"): a store's opening hours as one short key, so
-- that the list reads 32 characters instead of three columns (two of them JSON) to know whether a store is open
-- now, and the open status is computed once per distinct hours (per minute) instead of once per store. Many
-- stores share their hours (the seed: about 7,000 distinct keys at 17,000 stores, 23,000 at 170,000).
-- The key is a digest of the hours' content (time zone, weekly hours, holidays; jsonb's text form is canonical),
-- so a cache entry under a key can never go stale: a change of hours is a new key.
alter table stores add column hours_key text not null
  generated always as (md5(time_zone_id || ' ' || weekly_hours::text || ' ' || holidays::text)) stored;
