-- Cross-process cache invalidation (docs/operations.md): any change to stores, by the app, the seed or an
-- operator's SQL, notifies channel harbor_cache with payload 'stores' when its transaction commits; every
-- process LISTENs on it and empties its store cache (server/db/invalidation.ts). One notification per
-- statement (PostgreSQL folds identical notifications of one transaction into one).
create or replace function harbor_notify_stores_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('harbor_cache', 'stores');
  return null;
end
$$;

create trigger stores_changed
  after insert or update or delete or truncate on stores
  for each statement execute function harbor_notify_stores_changed();
