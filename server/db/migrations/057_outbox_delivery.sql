-- Delivery of outbox mail by the SMTP dispatcher (server/outbox/dispatcher.ts, docs/operations.md "Outbox mail:
-- the SMTP dispatcher"). A row's life: pending -> sending (claimed with FOR UPDATE SKIP LOCKED, leased for 2 min)
-- -> sent, or back to pending after a 4xx or a lost connection (next_attempt_at backs off), or failed (5xx, 8
-- attempts), or expired (not sent within 24 hours). Rows written before this migration are 'held': never
-- dispatched, so turning SMTP_URL on does not send old reset links and codes. Without SMTP_URL nothing sends and
-- new rows stay 'pending' (the outbox table is then the end of the line, as before). SMS rows are never dispatched.
alter table outbox
  add column status text not null default 'held',
  add column attempts smallint not null default 0,
  add column next_attempt_at timestamptz not null default now(),
  add column lease_until timestamptz,
  add column sent_at timestamptz,
  add column last_error text,
  add constraint outbox_status check (status in ('held', 'pending', 'sending', 'sent', 'failed', 'expired')),
  add constraint outbox_sent_at check ((status = 'sent') = (sent_at is not null)),
  add constraint outbox_lease check ((status = 'sending') = (lease_until is not null)),
  add constraint outbox_attempts check (attempts >= 0);

alter table outbox alter column status set default 'pending';

-- the dispatcher's claim: email rows waiting or whose lease ran out, oldest first
create index outbox_deliverable on outbox (id) where channel = 'email' and status in ('pending', 'sending');
