-- Gift purchases (issue 26, docs/gifting.md 3.1-3.3): a purchase is accepted (this row, nothing charged) and
-- fulfilled later by the worker (server/gifting/worker.ts) in one transaction: charge, one eGift card per
-- recipient, claim tokens, outbox mail. `status` changes only in the committing transaction.
create sequence gift_order_numbers;

create table gift_purchases (
  request_id text primary key check (request_id ~ '^[A-Za-z0-9_-]{8,100}$'),
  request_hash text not null,
  user_id text references users(id) on delete set null,
  guest boolean not null,
  status text not null default 'queued' check (status in ('queued', 'fulfilled', 'failed')),
  order_source text not null check (order_source = 'web'),
  locale text not null check (locale = 'en-US'),
  currency text not null check (currency = 'USD'),
  payment_type text not null check (payment_type in ('visa', 'mastercard', 'amex', 'discover', 'paypal')),
  payment_method_id text references payment_methods(payment_method_id),
  payment_token text,
  address_token_hash text,
  sender_name text not null check (length(sender_name) between 1 and 50),
  sender_email text not null check (length(sender_email) <= 254),
  product_number text not null references gift_products(product_number),
  amount_cents integer not null check (amount_cents between 100 and 50000),
  recipient_count smallint not null check (recipient_count between 1 and 10),
  total_cents integer not null,
  message text check (length(message) <= 160),
  risk jsonb not null default '{}',
  not_before timestamptz not null,
  attempts smallint not null default 0,
  error_code text,
  processor_code text,
  last_error text,
  charge_id text,
  order_number text unique check (order_number ~ '^G[0-9]{11}$'),
  fulfilled_by text,
  accepted_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint gift_total check (total_cents = amount_cents * recipient_count),
  constraint gift_paid_by check (case when guest then payment_token is not null and address_token_hash is not null and payment_method_id is null
                                      else payment_method_id is not null and payment_token is null end),
  constraint gift_fulfilled check ((status = 'fulfilled') = (order_number is not null and charge_id is not null)),
  constraint gift_failed check ((status = 'failed') = (error_code is not null))
);
create index gift_purchases_due on gift_purchases (not_before) where status = 'queued';
create index gift_purchases_sender on gift_purchases (user_id, accepted_at desc);

create table gift_recipients (
  request_id text not null references gift_purchases(request_id) on delete cascade,
  position smallint not null check (position between 1 and 10),
  recipient_name text not null check (length(recipient_name) between 1 and 25),
  recipient_email text not null check (length(recipient_email) <= 254),
  email_normalized text not null,
  is_sender boolean not null,
  delivery_method text not null check (delivery_method = 'EMAIL'),
  delivery_date date not null,
  card_id text unique references stored_value_cards(card_id),
  outbox_id bigint unique references outbox(id) on delete set null,
  claimed_at timestamptz,
  primary key (request_id, position)
);
-- 170046 as a constraint too: two recipients of one purchase never share an email (the sender's own excepted)
create unique index gift_recipients_distinct on gift_recipients (request_id, email_normalized) where not is_sender;
