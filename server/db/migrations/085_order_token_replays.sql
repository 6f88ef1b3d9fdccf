-- Issue 30's doubt: a replay of a guest's submit (the first answer lost) used to overwrite orders.order_token_hash, so
-- the token in the confirmation email stopped working. The first token stays in orders.order_token_hash; each replay's
-- token is added here (hash only, like the first), and either opens the order. At most ORDER_REPLAY_TOKENS (5) replay
-- tokens per order are kept: an older replay token goes when a newer one comes (the emailed first one never does).
create table order_replay_tokens (
  token_hash text primary key,
  order_id text not null references orders(order_id) on delete cascade,
  created_at timestamptz not null default now()
);
create index order_replay_tokens_order on order_replay_tokens (order_id, created_at);
