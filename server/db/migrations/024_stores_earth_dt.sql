-- Locator (issue 8, docs/locator.md "Performance"): the drive-thru filter (DT, about a third of the seeded stores,
-- fewer in city centres: 50 drive-thrus around Manhattan meant about 350 stores walked through) gets a partial
-- GiST index of its own, as the rare codes have (migration 005): the nearest-store query names DT as a literal
-- predicate when no rarer indexed code is selected (server/locator/features.ts RARE_CODES, store-queries.ts).
create index stores_earth_dt on stores using gist (ll_to_earth(latitude, longitude)) where feature_codes @> '{DT}'::text[];
