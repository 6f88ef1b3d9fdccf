-- Locator (issue 8, docs/locator.md "Performance"): each store's point on the earth as a stored column, and the
-- nearest-store GiST indexes on it instead of on the expression ll_to_earth(latitude, longitude).
-- With the index on the expression, a nearest-store query evaluated ll_to_earth(latitude, longitude) <-> centre
-- again for every row it returned (the ORDER BY column is computed per row even when the index gives the order),
-- and ll_to_earth is a SQL function that PostgreSQL does not inline (its cast to the earth domain): an executor
-- call per row, measured on PGlite at 30-40 us per store, most of a 50-store answer's query time (and of every
-- open-now candidate's). A stored column costs one cube_distance per row.
-- The value is ll_to_earth's own arithmetic (earthdistance: cube(cube(cube(earth()*cos(radians(lat))*
-- cos(radians(lng))), earth()*cos(radians(lat))*sin(radians(lng))), earth()*sin(radians(lat)))), the same float8
-- operations in the same order without the domain's CHECKs: the same cube to the bit (query-plans.test.ts
-- compares it with ll_to_earth for every store).
alter table stores add column earth_point cube generated always as (
  cube(cube(cube(earth() * cos(radians(latitude)) * cos(radians(longitude))), earth() * cos(radians(latitude)) * sin(radians(longitude))), earth() * sin(radians(latitude)))
) stored;

drop index stores_earth;
drop index stores_earth_24h;
drop index stores_earth_rw;
drop index stores_earth_vs;
drop index stores_earth_ev;
drop index stores_earth_cl;
drop index stores_earth_cx;
drop index stores_earth_dt;
create index stores_earth on stores using gist (earth_point);
create index stores_earth_24h on stores using gist (earth_point) where is_open_24_hours;
create index stores_earth_rw on stores using gist (earth_point) where feature_codes @> '{RW}'::text[];
create index stores_earth_vs on stores using gist (earth_point) where feature_codes @> '{VS}'::text[];
create index stores_earth_ev on stores using gist (earth_point) where feature_codes @> '{EV}'::text[];
create index stores_earth_cl on stores using gist (earth_point) where feature_codes @> '{CL}'::text[];
create index stores_earth_cx on stores using gist (earth_point) where feature_codes @> '{CX}'::text[];
create index stores_earth_dt on stores using gist (earth_point) where feature_codes @> '{DT}'::text[];
