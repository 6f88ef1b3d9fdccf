-- Rewards programme (issue 27, docs/rewards.md section 3): the Stars ledger gains the kinds of the programme,
-- each order's earn/bonus/reversal once (unique index), one expiry row per member and expiry date (a concurrent
-- second settle inserts nothing), and orders can be cancelled (refund; the Stars taken back).
alter table stars_ledger drop constraint stars_ledger_kind_check;
alter table stars_ledger add constraint stars_ledger_kind_check
  check (kind in ('earn', 'spend', 'adjustment', 'bonus', 'promo', 'reverse_earn', 'return_spend', 'expire'));
alter table stars_ledger add column expire_date date;     -- kind 'expire' only: the expiry date of the lots it ends
alter table stars_ledger add column source_ref text;      -- bonus offer code, campaign code
alter table stars_ledger add constraint stars_ledger_expire_date check ((kind = 'expire') = (expire_date is not null));
-- signs per kind: earnings are lots (positive), spends/reversals/expiry negative; adjustments either way
alter table stars_ledger add constraint stars_ledger_delta_sign check (
  (kind in ('earn', 'bonus', 'promo', 'return_spend') and delta > 0)
  or (kind in ('spend', 'reverse_earn', 'expire') and delta < 0)
  or (kind = 'adjustment' and delta <> 0));
create unique index stars_ledger_expire_once on stars_ledger (user_id, expire_date) where kind = 'expire';
create unique index stars_ledger_order_once on stars_ledger (order_id, kind)
  where order_id is not null and kind in ('earn', 'bonus', 'spend', 'reverse_earn', 'return_spend');
create index stars_ledger_user_time on stars_ledger (user_id, created_at);

alter table orders drop constraint orders_status_check;
alter table orders add constraint orders_status_check check (status in ('placed', 'preparing', 'ready', 'picked_up', 'cancelled'));
alter table orders add column cancelled_at timestamptz;
alter table orders add column cancel_reason text;
