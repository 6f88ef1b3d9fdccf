-- The eGift catalog (spec 3 sections 2, 3; docs/gifting.md 3.1): categories in `sort` order, each with its designs.
-- A design's art is a local SVG, /gift/art/<art>.svg (public/gift/art). Retired designs stay (purchases reference
-- them) with available = false: they load but cannot be bought (GIFT_CARD_ART_UNAVAILABLE). Read through the
-- per-process cache of server/gifting/catalog.ts, emptied by migration 051's triggers.
create table gift_categories (
  urn text primary key constraint gift_categories_urn check (urn ~ '^[a-z0-9-]{1,40}$'),
  name text not null constraint gift_categories_name check (length(name) between 1 and 60),
  sort smallint not null constraint gift_categories_sort unique
);

create table gift_products (
  product_number text primary key constraint gift_products_number check (product_number ~ '^[0-9]{8}$'),
  category_urn text not null constraint gift_products_category references gift_categories(urn),
  alt_text text not null constraint gift_products_alt_text check (length(alt_text) between 1 and 120),
  art text not null constraint gift_products_art check (art ~ '^[a-z0-9-]{1,60}$'),
  available boolean not null default true,
  sort smallint not null,
  constraint gift_products_sort unique (category_urn, sort)
);

insert into gift_categories (urn, name, sort) values
  ('birthday', 'Birthday', 1),
  ('thank-you', 'Thank you', 2),
  ('congratulations', 'Congratulations', 3),
  ('holiday', 'Holiday', 4);

insert into gift_products (product_number, category_urn, alt_text, art, available, sort) values
  ('11000001', 'birthday', 'Birthday eGift: balloons rising over a coffee cup', 'birthday-balloons', true, 1),
  ('11000002', 'birthday', 'Birthday eGift: a layered cake with three candles', 'birthday-cake', true, 2),
  ('11000003', 'birthday', 'Birthday eGift: confetti around the words Happy Birthday', 'birthday-confetti', true, 3),
  ('12000001', 'thank-you', 'Thank-you eGift: a bunch of tulips and the words Thank you', 'thank-you-flowers', true, 1),
  ('12000002', 'thank-you', 'Thank-you eGift: two coffee cups side by side with a heart', 'thank-you-cups', true, 2),
  ('12000003', 'thank-you', 'Thank-you eGift: a handwritten note saying Thanks a latte', 'thank-you-note', true, 3),
  ('13000001', 'congratulations', 'Congratulations eGift: a gold trophy with stars', 'congrats-trophy', true, 1),
  ('13000002', 'congratulations', 'Congratulations eGift: fireworks over the word Congrats', 'congrats-fireworks', true, 2),
  ('13000003', 'congratulations', 'Congratulations eGift: a graduation cap and a rolled diploma', 'congrats-graduation', true, 3),
  ('14000001', 'holiday', 'Holiday eGift: snowflakes falling on a winter night', 'holiday-snowflakes', true, 1),
  ('14000002', 'holiday', 'Holiday eGift: a decorated pine tree with a star on top', 'holiday-tree', true, 2),
  ('14000003', 'holiday', 'Holiday eGift: three glass ornaments hanging from ribbons', 'holiday-ornaments', true, 3),
  ('19000099', 'holiday', 'Holiday eGift: a wreath with a red bow (retired design)', 'holiday-wreath', false, 99);
