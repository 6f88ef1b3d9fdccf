-- Store staff (issue 29, docs/order-status.md 3.1 and 3.5): who may use a store's barista console
-- (/store/{storeNumber}/orders). A row per (user, store): one account may serve several stores; the role is read
-- at every console request, so deleting a row takes effect at once. 'lead' is reserved (no extra right yet).
-- Seeded outside production only (server/db/seed/users.ts STAFF, seedStaffIfEmpty); a production operator grants
-- staff with SQL (no UI grants it).
create table staff_members (
  user_id text not null references users(id) on delete cascade,
  short_number text not null references stores(short_number) on delete cascade,
  role text not null default 'barista' constraint staff_members_role check (role in ('barista', 'lead')),
  created_at timestamptz not null default now(),
  primary key (user_id, short_number)
);
create index staff_members_store on staff_members (short_number);
