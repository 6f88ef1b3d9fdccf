-- Geocoder (docs/locator.md): postal codes at their centroids, a canonical name for places, typo tolerance.
-- pg_trgm ships with PostgreSQL and with PGlite (loaded in server/db/db.ts).
create extension if not exists pg_trgm;

-- The canonical form of a place name: search_name with the usual abbreviations spelled out, so
-- "St. Louis", "Saint Louis" and "st louis" are one key ("saint louis"); the geocoder canonicalises its
-- input the same way (server/locator/geocoder-text.ts, canonicalName).
alter table places add column canon_name text generated always as (
  regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(search_name,
    '\mst\M', 'saint', 'g'), '\mste\M', 'sainte', 'g'), '\mft\M', 'fort', 'g'), '\mmt\M', 'mount', 'g'), '\mpt\M', 'port', 'g')
) stored;
-- exact names and name prefixes (autocomplete) on the canonical name; it replaces places_search_prefix
create index places_canon on places (canon_name text_pattern_ops, population desc);
drop index if exists places_search_prefix;
-- typo tolerance: similarity search (%) over the canonical names
create index places_canon_trgm on places using gin (canon_name gin_trgm_ops);

-- US ZIP codes, Canadian FSAs (forward sortation areas) and UK outward codes at their centroids.
-- code is upper-case without spaces: "98101", "M5V", "SW1A".
create table postal_codes (
  id integer not null unique,         -- negative: place ids (GeoNames) are positive; autocomplete answers both
  country_code text not null,
  code text not null,
  latitude double precision not null,
  longitude double precision not null,
  place_name text not null,          -- "Seattle", "Downtown Toronto", "London"
  admin1 text not null default '',   -- "WA", "ON", "ENG"
  display_name text not null,        -- "Seattle, WA 98101", "Toronto, ON M5V", "London SW1A, GB"
  precision text not null default 'code' check (precision in ('code', 'area')),
  primary key (code, country_code)
);
-- autocomplete: prefix range scans ("981" -> 98101 ...)
create index postal_codes_prefix on postal_codes (code text_pattern_ops);

-- street addresses of the stores ("1912 Pike Pl"): word similarity over the first address line
create index stores_street_trgm on stores using gin (lower(address->'lines'->>0) gin_trgm_ops);
