-- Card ids carry no card number (issue 25): the inventory's money rows were keyed 'pc_' || card_number (migration
-- 006), so GET /account/cards handed out the full number inside cardId. Every such id gets a random one; the
-- tables that point at a card follow (foreign keys now cascade updates; orders.card_id and stored idempotency
-- answers are rewritten from the map).
create temporary table card_id_map on commit drop as
  select card_id as old_id, 'pc_' || replace(gen_random_uuid()::text, '-', '') as new_id
    from stored_value_cards where card_id = 'pc_' || card_number;

alter table card_ledger drop constraint card_ledger_card_id_fkey,
  add constraint card_ledger_card_id_fkey foreign key (card_id) references stored_value_cards(card_id) on delete cascade on update cascade;
alter table auto_reload_profiles drop constraint auto_reload_profiles_card_id_fkey,
  add constraint auto_reload_profiles_card_id_fkey foreign key (card_id) references stored_value_cards(card_id) on delete cascade on update cascade;
alter table card_pay_codes drop constraint card_pay_codes_card_id_fkey,
  add constraint card_pay_codes_card_id_fkey foreign key (card_id) references stored_value_cards(card_id) on delete cascade on update cascade;

update stored_value_cards s set card_id = m.new_id from card_id_map m where s.card_id = m.old_id;
update orders o set card_id = m.new_id from card_id_map m where o.card_id = m.old_id;

do $$
declare r record;
begin
  for r in select old_id, new_id from card_id_map loop
    update idempotency_keys set response = replace(response::text, r.old_id, r.new_id)::jsonb
     where strpos(response::text, r.old_id) > 0;
  end loop;
end $$;
