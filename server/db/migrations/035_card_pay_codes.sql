-- Pay codes (issue 25): the barcode holds a short-lived random code, not the card number. Only its SHA-256 is
-- stored (the code is 16 random digits living 5 minutes); the register claims a code with one conditional
-- UPDATE (unused, unexpired, the card still the issuing member's), so a code pays once.
create table card_pay_codes (
  code_hash text primary key,
  card_id text not null references stored_value_cards(card_id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index card_pay_codes_card on card_pay_codes (card_id);
create index card_pay_codes_expires on card_pay_codes (expires_at);
