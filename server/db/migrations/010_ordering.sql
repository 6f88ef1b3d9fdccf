-- Ordering (issue 10, docs/ordering.md): the menu (menus, categories and subcategories, products with forms and
-- sizes, option groups and option products with limits, nutrition and allergens per size), per-store
-- availability, prices and ordering settings, sales tax by region, offers, priced quotes, orders and their lines,
-- the Stars ledger, favorite products, time-slot bookings and curbside arrivals. Money is integer minor units.
-- The menu rows are seeded by server/db/seed/menu.ts (seedMenuIfEmpty), not here.

create table menu_menus (
  menu_id text primary key,
  path text not null unique,
  name text not null,
  display_order integer not null
);

-- categories (parent_id null) and subcategories (parent_id = a category of the same menu)
create table menu_categories (
  category_id text primary key,
  menu_id text not null references menu_menus(menu_id),
  parent_id text references menu_categories(category_id),
  path text not null,
  name text not null,
  display_order integer not null,
  image_key text not null
);
create unique index menu_categories_path on menu_categories (menu_id, coalesce(parent_id, ''), path);

create table menu_products (
  product_number integer primary key,
  name text not null,
  description text not null,
  product_type text not null check (product_type in ('Beverage', 'Food', 'Merchandise')),
  category_id text not null references menu_categories(category_id),
  image_key text not null,
  display_order integer not null,
  featured boolean not null default false,
  -- false: retired (seasonal) products: still known, priced → CHOOSE_DIFFERENT_ITEM
  orderable boolean not null default true,
  -- on no menu (e.g. 81, a bag fee): never a tile
  hidden boolean not null default false,
  tax_class text not null check (tax_class in ('prepared', 'grocery', 'merchandise')),
  -- Stars tier whose STAR_REWARD can make this item free (25, 100, 200, 300, 400), null = none
  reward_tier integer
);

create table menu_forms (
  product_number integer not null references menu_products(product_number),
  form_code text not null,
  name text not null,
  display_order integer not null,
  primary key (product_number, form_code)
);

create table menu_sizes (
  sku text primary key,
  product_number integer not null,
  form_code text not null,
  size_code text not null,
  name text not null,
  display_size text,
  is_default boolean not null,
  display_order integer not null,
  base_price_cents integer not null check (base_price_cents >= 0),
  nutrition jsonb not null,
  allergens jsonb not null,
  foreign key (product_number, form_code) references menu_forms(product_number, form_code),
  unique (product_number, form_code, size_code)
);

create table menu_option_groups (
  group_id text primary key,
  parent_id text references menu_option_groups(group_id),
  name text not null,
  selection text not null check (selection in ('single', 'multiple')),
  display_order integer not null
);

create table menu_options (
  option_product_number integer primary key,
  group_id text not null references menu_option_groups(group_id),
  name text not null,
  kind text not null check (kind in ('quantity', 'select', 'size')),
  unit_of_measure text,
  unit_price_cents integer not null check (unit_price_cents >= 0),
  max_quantity integer not null check (max_quantity between 1 and 12),
  sizes jsonb not null,               -- [{ sizeCode, name }] for kind 'size'
  display_order integer not null
);

-- which options a product takes, with the default quantity per product size code ({"tall": 2, "grande": 3})
create table menu_product_options (
  product_number integer not null references menu_products(product_number),
  option_product_number integer not null references menu_options(option_product_number),
  default_quantity jsonb not null,
  default_size_code text,
  primary key (product_number, option_product_number)
);

-- per-store availability: every store has a menu variant (store_order_settings, or short number mod 5); a
-- variant leaves some products out; a store may also leave single products out
create table menu_variant_exclusions (
  variant integer not null,
  product_number integer not null references menu_products(product_number),
  primary key (variant, product_number)
);
create table store_product_exclusions (
  short_number text not null references stores(short_number) on delete cascade,
  product_number integer not null references menu_products(product_number),
  reason text not null check (reason in ('NotAvailableHere', 'SoldOut')),
  primary key (short_number, product_number)
);
-- per-store price overrides of single sizes (on top of the store's price tier)
create table store_price_overrides (
  short_number text not null references stores(short_number) on delete cascade,
  sku text not null references menu_sizes(sku),
  price_cents integer not null check (price_cents >= 0),
  primary key (short_number, sku)
);

-- ordering settings of stores that differ from the defaults (docs/ordering.md "Fixture stores")
create table store_order_settings (
  short_number text primary key references stores(short_number) on delete cascade,
  menu_variant integer,
  svc_only boolean not null default false,
  -- forces this pricing code at the store (MISSING_COUNTRY, HIGH_VOLUME_STORE, MOP_UNAVAILABLE, UNEXPECTED_ERROR)
  pricing_code text,
  -- 'empty' (EMPTY_MENU 404) or 'failing' (MENU_LOAD_ERROR 500)
  menu_state text check (menu_state in ('empty', 'failing')),
  price_tier_bp integer check (price_tier_bp between 5000 and 20000)
);

-- sales tax by region: country + subdivision ('*' = whole country); inclusive = prices include the tax
create table tax_rates (
  country_code text not null,
  subdivision text not null,
  rate_bp integer not null check (rate_bp between 0 and 3000),
  inclusive boolean not null,
  primary key (country_code, subdivision)
);

create table offers (
  code text primary key,
  type text not null check (type in ('STAR_REWARD', 'REWARD')),
  stars integer not null check (stars >= 0),
  description text not null,
  -- STAR_REWARD: the highest reward tier it frees; REWARD: percent off one beverage
  reward_tier integer,
  percent_off integer check (percent_off between 1 and 100),
  -- offer eligibility (spec 5): eligible_from not later than the member's join date; market = the member's market
  eligible_from timestamptz,
  market text not null default 'US'
);
create table offer_redemptions (
  user_id text not null references users(id) on delete cascade,
  code text not null references offers(code),
  order_id text not null,
  redeemed_at timestamptz not null default now(),
  primary key (user_id, code)
);

-- a priced order (quote); an order placed from it keeps its order_id
create table order_quotes (
  order_id text primary key,
  user_id text references users(id) on delete cascade,
  guest boolean not null,
  short_number text not null references stores(short_number),
  result jsonb not null,              -- the PricingResult sent
  lines jsonb not null,               -- the priced lines (for the order)
  offers jsonb not null,              -- applied offers: [{ code, type, stars }]
  subtotal_cents integer not null,
  discount_cents integer not null,
  tax_cents integer not null,
  total_cents integer not null check (total_cents >= 0),
  currency text not null,
  stars_cost integer not null default 0 check (stars_cost >= 0),
  tip_enabled boolean not null,
  consumption_type text not null,
  collection_type text not null,
  locale text not null,
  expires_at timestamptz not null,
  placed_at timestamptz,
  created_at timestamptz not null default now()
);
create index order_quotes_created on order_quotes (created_at);

create table orders (
  order_id text primary key,
  user_id text references users(id) on delete set null,
  guest boolean not null,
  guest_email text,
  guest_first_name text,
  guest_marketing_opt_in boolean not null default false,
  order_token_hash text not null unique,
  order_token text not null,          -- also kept for the owner's previous orders (express reorder); guests hold it
  short_number text not null references stores(short_number),
  status text not null default 'placed' check (status in ('placed', 'preparing', 'ready', 'picked_up')),
  -- set by the barista (dev register); null: the time-based progression applies
  status_set_at timestamptz,
  collection_type text not null check (collection_type in ('16', 'DT', 'CX')),
  consumption_type text not null,
  subtotal_cents integer not null check (subtotal_cents >= 0),
  discount_cents integer not null check (discount_cents >= 0),
  tax_cents integer not null check (tax_cents >= 0),
  tip_cents integer not null check (tip_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  currency text not null,
  tender text not null check (tender in ('SVC', 'CREDIT_CARD', 'PAYPAL', 'GUEST_CARD')),
  card_id text,
  payment_method_id text,
  processor_charge_id text,
  card_ledger_id bigint,
  stars_earned integer not null default 0 check (stars_earned >= 0),
  stars_spent integer not null default 0 check (stars_spent >= 0),
  scheduled_for timestamptz,
  placed_at timestamptz not null default now(),
  ready_estimate_at timestamptz not null,
  locale text not null,
  arrived_at timestamptz,
  arrival_pickup_option text,
  arrival_stall integer,
  arrival_display_name text
);
create index orders_user on orders (user_id, placed_at desc);
create index orders_store on orders (short_number, placed_at desc);

create table order_lines (
  order_id text not null references orders(order_id) on delete cascade,
  line_no integer not null,
  sku text not null,
  product_number integer,
  form_code text not null,
  size_code text not null,
  name text not null,
  quantity integer not null check (quantity > 0),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  discount_cents integer not null check (discount_cents >= 0),
  child_items jsonb not null,
  primary key (order_id, line_no)
);

-- Stars: a balance row per member (CHECK >= 0, conditional updates) and a ledger of every movement
create table stars_balances (
  user_id text primary key references users(id) on delete cascade,
  balance integer not null check (balance >= 0)
);
create table stars_ledger (
  id bigserial primary key,
  user_id text not null references users(id) on delete cascade,
  delta integer not null,
  balance_after integer not null check (balance_after >= 0),
  kind text not null check (kind in ('earn', 'spend', 'adjustment')),
  order_id text,
  description text not null,
  created_at timestamptz not null default now()
);
create index stars_ledger_user on stars_ledger (user_id, id desc);

create table favorite_products (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  item_key text not null,
  product_number integer not null,
  form_code text not null,
  item jsonb not null,
  locale text not null,
  created_at timestamptz not null default now(),
  unique (user_id, item_key)
);

-- scheduled-order capacity per store and slot start (conditional upsert keeps count <= capacity)
create table time_slot_bookings (
  short_number text not null references stores(short_number) on delete cascade,
  slot_start timestamptz not null,
  booked integer not null check (booked >= 0 and booked <= 8),
  primary key (short_number, slot_start)
);

create table customer_arrivals (
  arrival_id text primary key,
  order_id text not null references orders(order_id) on delete cascade,
  short_number text not null,
  pickup_option text not null,
  display_name text not null,
  stall_number integer,
  created_at timestamptz not null default now()
);
