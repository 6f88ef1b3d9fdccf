-- eGift cards (issue 26, docs/gifting.md 3.1, 3.5): a stored-value card of kind 'egift' per recipient, credited by
-- an 'egift_issue' ledger row (keyed gift-<requestId>-<position>, so it is written once), and a single-use claim
-- token whose SHA-256 only is kept (the token itself is only in the recipient's mail).
alter table stored_value_cards drop constraint stored_value_cards_kind_check;
alter table stored_value_cards add constraint stored_value_cards_kind_check check (kind in ('digital', 'physical', 'store_credit', 'egift'));
alter table card_ledger drop constraint card_ledger_kind_check;
alter table card_ledger add constraint card_ledger_kind_check
  check (kind in ('opening', 'reload', 'auto_reload', 'charge', 'transfer_in', 'transfer_out', 'adjustment', 'egift_issue'));
create unique index card_ledger_egift_issue on card_ledger (idempotency_key) where kind = 'egift_issue';

create table gift_claim_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  card_id text not null unique references stored_value_cards(card_id),
  request_id text not null,
  position smallint not null,
  claimed_at timestamptz,
  claimed_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (request_id, position) references gift_recipients(request_id, position)
);
