-- Cross-process invalidation of the eGift catalog cache (server/gifting/catalog.ts; docs/operations.md, "Per-process
-- caches"): any change to the catalog tables, by the app, the seed or an operator's SQL, notifies channel
-- harbor_cache with payload 'gifts' when its transaction commits; every process drops its catalog
-- (server/db/invalidation.ts), which the next request reads again (as migration 045 does for the menu).
create or replace function harbor_notify_gifts_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('harbor_cache', 'gifts');
  return null;
end
$$;

create trigger gift_categories_changed after insert or update or delete or truncate on gift_categories
  for each statement execute function harbor_notify_gifts_changed();
create trigger gift_products_changed after insert or update or delete or truncate on gift_products
  for each statement execute function harbor_notify_gifts_changed();
