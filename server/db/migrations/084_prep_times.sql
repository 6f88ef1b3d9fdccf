-- The ETA model's inputs (issue 29, docs/order-status.md 3.10 and section 4): seeded preparation seconds per product
-- (server/db/seed/menu.ts sets them from the product's kind) and per option unit above its default (by option
-- group), and per store the number of stations and the learned speed factor k (server/ordering/eta-store.ts).
alter table menu_products add column prep_seconds integer not null default 60
  constraint menu_products_prep_seconds check (prep_seconds between 5 and 900);
alter table menu_options add column prep_seconds integer not null default 0
  constraint menu_options_prep_seconds check (prep_seconds between 0 and 120);
-- databases seeded before (a fresh database gets the seed's values; products seeded before keep the default 60 s)
update menu_options set prep_seconds = case group_id
  when 'espresso' then 10 when 'flavors' then 3 when 'syrups' then 3 when 'sauces' then 3 when 'toppings' then 5
  when 'tea' then 10 when 'warming' then 60 else 0 end;

-- one row per store that has one (no row: 2 stations, k = 1); k is updated on each console 'ready' (eta.ts learnK)
create table store_prep_profiles (
  short_number text primary key references stores(short_number) on delete cascade,
  stations smallint not null default 2 constraint store_prep_profiles_stations check (stations between 1 and 8),
  k_factor real not null default 1.0 constraint store_prep_profiles_k check (k_factor between 0.5 and 3.0),
  samples integer not null default 0,
  updated_at timestamptz not null default now()
);
