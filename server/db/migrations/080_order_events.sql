-- Live order status (issue 29, docs/order-status.md 3.1, S1): console-driven orders, their recorded times, and the
-- store event log every SSE stream reads (ids are the SSE ids: Last-Event-ID). Runs before or after rewards' 060
-- (its orders changes are repeated with "if exists" / "if not exists": same end state either way).
alter table orders drop constraint if exists orders_status_check;
alter table orders add constraint orders_status_check check (status in ('placed', 'preparing', 'ready', 'picked_up', 'cancelled'));
alter table orders add column if not exists cancelled_at timestamptz;
alter table orders add column if not exists cancel_reason text;
alter table orders drop constraint if exists orders_cancel_reason_length;
alter table orders add constraint orders_cancel_reason_length check (length(cancel_reason) <= 200);
-- clock: today's time-based status (statusAt); console: the stored status only (a store with staff)
alter table orders add column driven_by text not null default 'clock';
alter table orders add constraint orders_driven_by_check check (driven_by in ('clock', 'console'));
alter table orders add column started_at timestamptz;
alter table orders add column ready_at timestamptz;
alter table orders add column picked_up_at timestamptz;
-- W(o) of the ETA model (docs/order-status.md 4.1), fixed at submit; null for orders placed before
alter table orders add column work_seconds integer;
alter table orders add constraint orders_work_seconds_check check (work_seconds >= 0);
create index orders_store_open on orders (short_number, placed_at) where status in ('placed', 'preparing', 'ready');

create table store_events (
  id bigserial primary key,
  short_number text not null references stores(short_number) on delete cascade,
  order_id text references orders(order_id) on delete cascade,
  kind text not null constraint store_events_kind check (kind in ('placed', 'status', 'eta', 'arrival', 'stock')),
  payload jsonb not null constraint store_events_payload check (jsonb_typeof(payload) = 'object' and length(payload::text) <= 4096),
  actor text,
  created_at timestamptz not null default now(),
  constraint store_events_order check ((kind = 'stock') = (order_id is null))
);
create index store_events_store on store_events (short_number, id);
create index store_events_by_order on store_events (order_id, id) where order_id is not null;
create index store_events_time on store_events (created_at);

-- Every writer calls this: the per-store advisory lock makes ids commit in id order within a store, so a reader that
-- has seen id n of a store never later finds a smaller id of that store (Last-Event-ID is exact per store). Writers
-- take the same lock first (lockStore in server/ordering/events.ts); re-taking it here is a no-op.
create function harbor_store_event(p_short text, p_order text, p_kind text, p_payload jsonb, p_actor text) returns bigint
language plpgsql as $$
declare v_id bigint;
begin
  perform pg_advisory_xact_lock(hashtextextended('store_events:' || p_short, 0));
  insert into store_events (short_number, order_id, kind, payload, actor) values (p_short, p_order, p_kind, p_payload, p_actor)
    returning id into v_id;
  return v_id;
end
$$;

-- delivered at commit, in commit order; payload '<short>:<id>' (the hub reads the row: payloads stay tiny)
create function harbor_notify_store_event() returns trigger language plpgsql as $$
begin
  perform pg_notify('harbor_store', new.short_number || ':' || new.id);
  return null;
end
$$;
create trigger store_events_notify after insert on store_events for each row execute function harbor_notify_store_event();
-- existing orders stay driven_by 'clock' (statusAt unchanged for them): nothing is backfilled
