-- Locator: the "open 24 hours" filter (hrs24) matches about 3% of stores; with only stores_earth the
-- nearest-neighbour scan walks through every other store around a dense city to find 50 of them
-- (measured at 170,000 stores on PGlite: 7.7 ms). A partial GiST index answers it directly (0.8 ms).
create index stores_earth_24h on stores using gist (ll_to_earth(latitude, longitude)) where is_open_24_hours;
