import type { Kind } from './menu-data.ts';

/**
 * Seeded preparation times, the inputs of the ETA model (docs/order-status.md 3.10, server/ordering/eta.ts):
 * menu.ts writes them to menu_products.prep_seconds (by the product's kind) and menu_options.prep_seconds (by the
 * option's group; migration 084 repeats the option table for databases seeded before). Demo figures chosen for this
 * app: a barista's seconds for one item at the default size, and per option unit above the default.
 */
/** preparation seconds per product kind (section 3.10; server/db/seed/menu.ts writes them to menu_products.prep_seconds) */
export const PREP_SECONDS_BY_KIND: Record<Kind, number> = {
  brewed: 30,
  shot: 45,
  espresso: 90,
  'iced-espresso': 95,
  'cold-brew': 30,
  'hot-tea': 40,
  'tea-latte': 85,
  'iced-tea': 40,
  refresher: 60,
  blended: 150,
  'hot-chocolate': 90,
  'cold-drink': 15,
  bakery: 20,
  breakfast: 110,
  lunch: 120,
  snack: 10,
  merch: 15,
};

/** per unit above the default, by option group (3.10; menu_options.prep_seconds); milk swaps cost nothing */
export const OPTION_PREP_SECONDS_BY_GROUP: Record<string, number> = {
  milk: 0,
  espresso: 10,
  flavors: 3,
  syrups: 3,
  sauces: 3,
  toppings: 5,
  sweeteners: 0,
  tea: 10,
  ice: 0,
  warming: 60,
};

