-- Allergens per option and per size without its options (issue 29; docs/order-status.md 3.1, 3.9). Codes are the
-- nine of contracts/allergens.ts; a CHECK keeps anything else out (a constant array: no lookup table is needed, the
-- names live in the contract). An item's allergens = base_allergens(size) ∪ allergens of every option it has with a
-- quantity above 0 (machines/allergen-rules.ts itemAllergens); menu_sizes.allergens (display names) stays as it was.
alter table menu_options add column allergens text[] not null default '{}'
  constraint menu_options_allergens_known check (allergens <@ array['milk','egg','soy','wheat','tree_nuts','peanuts','sesame','fish','shellfish']::text[]);
alter table menu_sizes add column base_allergens text[] not null default '{}'
  constraint menu_sizes_base_allergens_known check (base_allergens <@ array['milk','egg','soy','wheat','tree_nuts','peanuts','sesame','fish','shellfish']::text[]);

-- databases seeded before: the table of 3.9 (server/db/seed/menu.ts OPTION_ALLERGENS is the same; seed.test.ts
-- checks that a database migrated this way equals a fresh seed)
update menu_options set allergens = case option_product_number
  when 401 then '{milk}' when 402 then '{milk}' when 403 then '{milk}' when 408 then '{milk}'
  when 405 then '{tree_nuts}' when 406 then '{soy}'
  when 311 then '{soy}' when 312 then '{milk,soy}' when 313 then '{milk}'
  when 601 then '{milk}' when 602 then '{milk}' when 603 then '{milk}' when 604 then '{milk}'
  else '{}' end::text[];

-- base_allergens: the size's display allergens as codes, minus what its default options bring (a default option is
-- one whose default quantity for the size is above 0: the key '{form}:{size}' first, then '{size}', as
-- server/ordering/catalog.ts defaultQuantityOf reads it)
update menu_sizes s set base_allergens = coalesce((
  select array_agg(code order by array_position(array['milk','egg','soy','wheat','tree_nuts','peanuts','sesame','fish','shellfish'], code))
    from (select distinct case d.name when 'Milk' then 'milk' when 'Egg' then 'egg' when 'Soy' then 'soy' when 'Wheat' then 'wheat'
                   when 'Tree Nuts' then 'tree_nuts' when 'Peanuts' then 'peanuts' when 'Sesame' then 'sesame' when 'Fish' then 'fish'
                   when 'Shellfish' then 'shellfish' end as code
            from jsonb_array_elements_text(s.allergens) as d(name)) m
   where code is not null
     and not exists (
       select 1 from menu_product_options l join menu_options o using (option_product_number)
        where l.product_number = s.product_number
          and coalesce((l.default_quantity ->> (s.form_code || ':' || s.size_code))::int, (l.default_quantity ->> s.size_code)::int, 0) > 0
          and m.code = any(o.allergens))), '{}');
