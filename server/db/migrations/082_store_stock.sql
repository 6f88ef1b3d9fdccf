-- The console's sold-out switch (issue 29, docs/order-status.md 3.8): who switched a product sold out at a store,
-- and when. The switch (server/ordering/stock.ts) inserts or deletes the 'SoldOut' row; 'NotAvailableHere' rows are
-- never touched by it. The seed's fixture rows (Glazed Doughnut at 10001) keep changed_by null.
alter table store_product_exclusions
  add column changed_by text references users(id) on delete set null,
  add column changed_at timestamptz not null default now();
