-- Cross-process invalidation of the menu cache (server/ordering/catalog.ts; docs/operations.md, "Per-process
-- caches"): any change to the tables the cached menu is read from, by the app, the seed or an operator's SQL,
-- notifies channel harbor_cache with payload 'menu' when its transaction commits; every process LISTENs on it and
-- drops its menu (server/db/invalidation.ts), which the next request reads again. Store-level ordering data
-- (store_order_settings, store_product_exclusions, store_price_overrides) is read on every request: no trigger.
create or replace function harbor_notify_menu_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('harbor_cache', 'menu');
  return null;
end
$$;

create trigger menu_menus_changed after insert or update or delete or truncate on menu_menus
  for each statement execute function harbor_notify_menu_changed();
create trigger menu_categories_changed after insert or update or delete or truncate on menu_categories
  for each statement execute function harbor_notify_menu_changed();
create trigger menu_products_changed after insert or update or delete or truncate on menu_products
  for each statement execute function harbor_notify_menu_changed();
create trigger menu_forms_changed after insert or update or delete or truncate on menu_forms
  for each statement execute function harbor_notify_menu_changed();
create trigger menu_sizes_changed after insert or update or delete or truncate on menu_sizes
  for each statement execute function harbor_notify_menu_changed();
create trigger menu_option_groups_changed after insert or update or delete or truncate on menu_option_groups
  for each statement execute function harbor_notify_menu_changed();
create trigger menu_options_changed after insert or update or delete or truncate on menu_options
  for each statement execute function harbor_notify_menu_changed();
create trigger menu_product_options_changed after insert or update or delete or truncate on menu_product_options
  for each statement execute function harbor_notify_menu_changed();
create trigger menu_variant_exclusions_changed after insert or update or delete or truncate on menu_variant_exclusions
  for each statement execute function harbor_notify_menu_changed();
create trigger tax_rates_changed after insert or update or delete or truncate on tax_rates
  for each statement execute function harbor_notify_menu_changed();
