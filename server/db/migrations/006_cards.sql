-- Stored-value cards and payments (issue 9, docs/cards.md): every physical card of the sandbox inventory gets a
-- stored_value_cards row (owner null until registered), a ledger of every money movement, payment methods
-- (processor token, brand, last four and expiry only), addresses, auto reload profiles, single-use guest
-- addresses and the sandbox processor vault. Money is integer cents; balances stay within 0 and 50000 by CHECK.

-- issuer states of physical cards: lost, stolen and closed join active and inactive; store credit cards
alter table physical_cards drop constraint physical_cards_status_check;
alter table physical_cards add constraint physical_cards_status_check check (status in ('active', 'inactive', 'lost', 'stolen', 'closed'));
alter table physical_cards add column card_type text not null default 'standard' check (card_type in ('standard', 'store_credit'));

-- extra sandbox cards 6000100000000201 .. 6000100000000213 (same PIN formula as 002): special states
insert into physical_cards (card_number, pin_sha256, status, card_type, initial_balance_cents, registered_at)
select n, encode(sha256(convert_to(n || ':' || pin, 'UTF8')), 'hex'), st, ty, bal, null
  from (select '600010000000' || lpad(i::text, 4, '0') as n,
               lpad(((i::bigint * 1234567 + 10000000) % 100000000)::text, 8, '0') as pin,
               st, ty, bal
          from (values (201, 'lost', 'standard', 2000),
                       (202, 'stolen', 'standard', 1500),
                       (203, 'active', 'store_credit', 2500),
                       (204, 'closed', 'standard', 0),
                       (205, 'active', 'standard', 49500),
                       (206, 'active', 'standard', 0),
                       (207, 'active', 'standard', 10000),
                       (208, 'active', 'standard', 5000),
                       (209, 'active', 'standard', 4000),
                       (210, 'active', 'standard', 3000),
                       (211, 'active', 'standard', 2500),
                       (212, 'active', 'standard', 100),
                       (213, 'active', 'standard', 49500)) as t(i, st, ty, bal)) as g;

-- stored-value cards: owner nullable (an unregistered physical card still holds money and can be charged)
alter table stored_value_cards alter column user_id drop not null;
alter table stored_value_cards drop constraint stored_value_cards_kind_check;
alter table stored_value_cards add constraint stored_value_cards_kind_check check (kind in ('digital', 'physical', 'store_credit'));
alter table stored_value_cards drop constraint stored_value_cards_status_check;
alter table stored_value_cards add constraint stored_value_cards_status_check check (status in ('active', 'inactive', 'lost', 'stolen', 'closed'));
alter table stored_value_cards add column card_art text not null default 'harbor-classic';
alter table stored_value_cards add column registered_at timestamptz;
alter table stored_value_cards add constraint stored_value_cards_primary_owned check (not is_primary or user_id is not null);

-- every movement of money; sum(amount_cents) per card = balance_cents (opening balances included)
create table card_ledger (
  id bigserial primary key,
  card_id text not null references stored_value_cards(card_id) on delete cascade,
  user_id text references users(id) on delete set null,
  kind text not null check (kind in ('opening', 'reload', 'auto_reload', 'charge', 'transfer_in', 'transfer_out', 'adjustment')),
  amount_cents integer not null check (amount_cents <> 0 or kind = 'opening'),
  balance_after_cents integer not null check (balance_after_cents between 0 and 50000),
  payment_method_id text,
  processor_charge_id text,
  transfer_id text,
  idempotency_key text,
  description text,
  created_at timestamptz not null default now()
);
create index card_ledger_card on card_ledger (card_id, id desc);

-- cards of the inventory and any cards created before this migration get their opening balance
insert into stored_value_cards (card_id, user_id, card_number, kind, nickname, balance_cents, is_primary, status)
select 'pc_' || p.card_number, null, p.card_number,
       case when p.card_type = 'store_credit' then 'store_credit' else 'physical' end,
       null, p.initial_balance_cents, false,
       p.status
  from physical_cards p
 where not exists (select 1 from stored_value_cards s where s.card_number = p.card_number);

insert into card_ledger (card_id, user_id, kind, amount_cents, balance_after_cents, description)
select card_id, user_id, 'opening', balance_cents, balance_cents, 'Opening balance'
  from stored_value_cards;

-- addresses (billing or registration) of a member
create table addresses (
  address_id text primary key,
  user_id text not null references users(id) on delete cascade,
  type text not null check (type in ('Billing', 'registration')),
  first_name text not null,
  last_name text not null,
  phone_number text,
  address_line1 text not null,
  address_line2 text,
  city text not null,
  postal_code text not null,
  country_subdivision text not null,
  country text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index addresses_user on addresses (user_id);

-- single-use billing addresses (guests and one-off payments): an opaque token, 1 hour
create table single_use_addresses (
  address_token_hash text primary key,
  wallet_target text not null,
  address jsonb not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- the sandbox processor vault (stands for the processor: holds no card number and no security code either,
-- only the outcome the test number asks for)
create table sandbox_vault (
  token text primary key,
  kind text not null check (kind in ('card', 'paypal')),
  brand text not null,
  last_four text not null,
  exp_month smallint,
  exp_year smallint,
  scenario text not null,
  single_use boolean not null default false,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create table sandbox_charges (
  charge_id text primary key,
  token text not null references sandbox_vault(token),
  amount_cents integer not null check (amount_cents >= 0),
  idempotency_key text,
  outcome text not null,
  created_at timestamptz not null default now()
);
create unique index sandbox_charges_key on sandbox_charges (token, idempotency_key) where idempotency_key is not null;

-- payment methods: the processor token and what may be shown, never the number or security code
create table payment_methods (
  payment_method_id text primary key,
  user_id text not null references users(id) on delete cascade,
  payment_instrument_id text not null unique,
  payment_type text not null check (payment_type in ('visa', 'mastercard', 'amex', 'discover', 'paypal')),
  processor_token text not null,
  last_four text not null check (last_four ~ '^[0-9]{4}$' or payment_type = 'paypal'),
  exp_month smallint check (exp_month between 1 and 12),
  exp_year smallint check (exp_year between 2000 and 2100),
  account_email text,
  nickname text,
  billing_address_id text references addresses(address_id) on delete set null,
  is_default boolean not null default false,
  removed_at timestamptz,
  created_at timestamptz not null default now()
);
create index payment_methods_user on payment_methods (user_id);
create unique index payment_methods_one_default on payment_methods (user_id) where is_default and removed_at is null;

-- auto reload: one profile per card
create table auto_reload_profiles (
  card_id text primary key references stored_value_cards(card_id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  status text not null check (status in ('active', 'disabled')),
  amount_cents integer not null check (amount_cents between 500 and 50000),
  trigger_amount_cents integer not null check (trigger_amount_cents between 0 and 50000),
  payment_method_id text not null references payment_methods(payment_method_id),
  last_error_code text,
  last_fired_at timestamptz,
  updated_at timestamptz not null default now()
);

-- bearer links of eGift cards (get-card-info-from-token): a sandbox token for card 211
create table card_claim_tokens (
  token_hash text primary key,
  card_number text not null references physical_cards(card_number),
  created_at timestamptz not null default now()
);
insert into card_claim_tokens (token_hash, card_number)
values (encode(sha256(convert_to('sandbox-egift-0211', 'UTF8')), 'hex'), '6000100000000211');
