import type { Db, Queryable } from '../db.ts';
import { MENU, OPT, type Kind, type ProductSpec } from './menu-data.ts';
import { SEATTLE_STORES } from './seattle.ts';
import { codeOfDisplayName, sortAllergens, type AllergenCode } from '../../../contracts/allergens.ts';
import { OPTION_PREP_SECONDS_BY_GROUP, PREP_SECONDS_BY_KIND } from './prep-times.ts';

/**
 * Builds the menu rows from menu-data.ts (pure, deterministic) and seeds them with the ordering fixtures
 * (docs/ordering.md "Seeded menu and fixture stores"): store settings, exclusions, price overrides, tax rates,
 * offers and demo Stars. `seedMenuIfEmpty` runs after the store seed (seed.ts) and on databases seeded before
 * the menu existed.
 */

export const BAG_FEE_PRODUCT = 81;
export const FIRST_PRODUCT_NUMBER = 2001;

type SizeDef = { code: string; name: string; display: string | null; oz: number; delta: number };
const HOT: SizeDef[] = [
  { code: 'short', name: 'Short', display: '8 fl oz', oz: 8, delta: -60 },
  { code: 'tall', name: 'Tall', display: '12 fl oz', oz: 12, delta: -35 },
  { code: 'grande', name: 'Grande', display: '16 fl oz', oz: 16, delta: 0 },
  { code: 'venti', name: 'Venti', display: '20 fl oz', oz: 20, delta: 40 },
];
const ICED: SizeDef[] = [
  { code: 'tall', name: 'Tall', display: '12 fl oz', oz: 12, delta: -35 },
  { code: 'grande', name: 'Grande', display: '16 fl oz', oz: 16, delta: 0 },
  { code: 'venti', name: 'Venti', display: '24 fl oz', oz: 24, delta: 50 },
];
const TRENTA: SizeDef[] = [...ICED, { code: 'trenta', name: 'Trenta', display: '30 fl oz', oz: 30, delta: 90 }];
const SHOTS: SizeDef[] = [
  { code: 'solo', name: 'Solo', display: '1 shot', oz: 1, delta: -30 },
  { code: 'doppio', name: 'Doppio', display: '2 shots', oz: 2, delta: 0 },
  { code: 'triple', name: 'Triple', display: '3 shots', oz: 3, delta: 50 },
  { code: 'quad', name: 'Quad', display: '4 shots', oz: 4, delta: 90 },
];
const EACH: SizeDef[] = [{ code: 'each', name: 'Each', display: null, oz: 1, delta: 0 }];
const BOTTLE: SizeDef[] = [{ code: 'bottle', name: 'Bottle', display: null, oz: 1, delta: 0 }];

const KIND: Record<Kind, { form: string; formName: string; sizes: SizeDef[]; def: string; type: 'Beverage' | 'Food' | 'Merchandise'; tier: number | null; caffeine: number | null; tax: 'prepared' | 'grocery' | 'merchandise' }> = {
  brewed: { form: 'hot', formName: 'Hot', sizes: HOT, def: 'grande', type: 'Beverage', tier: 100, caffeine: 310, tax: 'prepared' },
  espresso: { form: 'hot', formName: 'Hot', sizes: HOT, def: 'grande', type: 'Beverage', tier: 200, caffeine: 150, tax: 'prepared' },
  shot: { form: 'hot', formName: 'Hot', sizes: SHOTS, def: 'doppio', type: 'Beverage', tier: 200, caffeine: 150, tax: 'prepared' },
  'iced-espresso': { form: 'iced', formName: 'Iced', sizes: ICED, def: 'grande', type: 'Beverage', tier: 200, caffeine: 150, tax: 'prepared' },
  'cold-brew': { form: 'iced', formName: 'Iced', sizes: TRENTA, def: 'grande', type: 'Beverage', tier: 200, caffeine: 205, tax: 'prepared' },
  'hot-tea': { form: 'hot', formName: 'Hot', sizes: HOT, def: 'grande', type: 'Beverage', tier: 100, caffeine: 40, tax: 'prepared' },
  'tea-latte': { form: 'hot', formName: 'Hot', sizes: HOT, def: 'grande', type: 'Beverage', tier: 200, caffeine: 95, tax: 'prepared' },
  'iced-tea': { form: 'iced', formName: 'Iced', sizes: TRENTA, def: 'grande', type: 'Beverage', tier: 200, caffeine: 25, tax: 'prepared' },
  refresher: { form: 'iced', formName: 'Iced', sizes: TRENTA, def: 'grande', type: 'Beverage', tier: 200, caffeine: 45, tax: 'prepared' },
  blended: { form: 'blended', formName: 'Blended', sizes: ICED, def: 'grande', type: 'Beverage', tier: 200, caffeine: 95, tax: 'prepared' },
  'hot-chocolate': { form: 'hot', formName: 'Hot', sizes: HOT, def: 'grande', type: 'Beverage', tier: 200, caffeine: 25, tax: 'prepared' },
  'cold-drink': { form: 'bottled', formName: 'Bottled', sizes: BOTTLE, def: 'bottle', type: 'Beverage', tier: 100, caffeine: null, tax: 'grocery' },
  bakery: { form: 'single', formName: 'Single', sizes: EACH, def: 'each', type: 'Food', tier: 100, caffeine: null, tax: 'prepared' },
  breakfast: { form: 'single', formName: 'Single', sizes: EACH, def: 'each', type: 'Food', tier: 200, caffeine: null, tax: 'prepared' },
  lunch: { form: 'single', formName: 'Single', sizes: EACH, def: 'each', type: 'Food', tier: 300, caffeine: null, tax: 'prepared' },
  snack: { form: 'single', formName: 'Single', sizes: EACH, def: 'each', type: 'Food', tier: 100, caffeine: null, tax: 'grocery' },
  merch: { form: 'single', formName: 'Single', sizes: EACH, def: 'each', type: 'Merchandise', tier: 400, caffeine: null, tax: 'merchandise' },
};

// ---- options ----------------------------------------------------------------------------------------------------
export interface OptionGroupRow {
  group_id: string;
  parent_id: string | null;
  name: string;
  selection: 'single' | 'multiple';
  display_order: number;
}
export interface OptionRow {
  option_product_number: number;
  group_id: string;
  name: string;
  kind: 'quantity' | 'select' | 'size';
  unit_of_measure: string | null;
  unit_price_cents: number;
  max_quantity: number;
  sizes: Array<{ sizeCode: string; name: string }>;
  display_order: number;
  /** allergen codes the option brings (docs/order-status.md 3.9; migration 083 repeats the table) */
  allergens: AllergenCode[];
  /** seconds per unit above the default (migration 084; the ETA model, docs/order-status.md 3.10) */
  prep_seconds?: number;
}
const LEVELS = [
  { sizeCode: 'no', name: 'No' },
  { sizeCode: 'light', name: 'Light' },
  { sizeCode: 'medium', name: 'Medium' },
  { sizeCode: 'extra', name: 'Extra' },
];
export const OPTION_GROUPS: OptionGroupRow[] = [
  { group_id: 'milk', parent_id: null, name: 'Milk', selection: 'single', display_order: 1 },
  { group_id: 'espresso', parent_id: null, name: 'Espresso & Shot Options', selection: 'multiple', display_order: 2 },
  { group_id: 'flavors', parent_id: null, name: 'Flavors', selection: 'multiple', display_order: 3 },
  { group_id: 'syrups', parent_id: 'flavors', name: 'Syrups', selection: 'multiple', display_order: 1 },
  { group_id: 'sauces', parent_id: 'flavors', name: 'Sauces', selection: 'multiple', display_order: 2 },
  { group_id: 'toppings', parent_id: null, name: 'Toppings', selection: 'multiple', display_order: 4 },
  { group_id: 'sweeteners', parent_id: null, name: 'Sweeteners', selection: 'multiple', display_order: 5 },
  { group_id: 'tea', parent_id: null, name: 'Tea', selection: 'multiple', display_order: 6 },
  { group_id: 'ice', parent_id: null, name: 'Ice & Add-ins', selection: 'multiple', display_order: 7 },
  { group_id: 'warming', parent_id: null, name: 'Warming', selection: 'single', display_order: 8 },
];
const q = (n: number, group: string, name: string, unit: string, price: number, max: number, order: number): OptionRow => ({
  option_product_number: n,
  group_id: group,
  name,
  kind: 'quantity',
  unit_of_measure: unit,
  unit_price_cents: price,
  max_quantity: max,
  sizes: [],
  display_order: order,
  allergens: [],
});
const sel = (n: number, name: string, price: number, order: number): OptionRow => ({ option_product_number: n, group_id: 'milk', name, kind: 'select', unit_of_measure: null, unit_price_cents: price, max_quantity: 1, sizes: [], display_order: order, allergens: [] });
const lvl = (n: number, group: string, name: string, order: number, sizes = LEVELS): OptionRow => ({ option_product_number: n, group_id: group, name, kind: 'size', unit_of_measure: null, unit_price_cents: 0, max_quantity: 1, sizes, display_order: order, allergens: [] });
/**
 * Option allergens (demo data chosen for this app, not any real product's declaration; docs/order-status.md 3.9):
 * dairy milks, breve, whipped cream, caramel drizzle, cold foam, cinnamon dolce topping, pumpkin sauce: milk;
 * almondmilk: tree nuts; soymilk and mocha sauce: soy; white chocolate mocha sauce: milk and soy. Oatmilk and
 * coconutmilk (no longer a tree nut in the FDA's 2025 guidance), syrups, sweeteners, shots, ice, tea, inclusions and
 * warming: none.
 */
export const OPTION_ALLERGENS: Record<number, AllergenCode[]> = {
  401: ['milk'],
  402: ['milk'],
  403: ['milk'],
  408: ['milk'],
  405: ['tree_nuts'],
  406: ['soy'],
  [OPT.mocha]: ['soy'],
  [OPT.whiteMocha]: ['milk', 'soy'],
  [OPT.pumpkin]: ['milk'],
  601: ['milk'],
  602: ['milk'],
  603: ['milk'],
  604: ['milk'],
};
const withAllergens = (o: OptionRow): OptionRow => ({ ...o, allergens: OPTION_ALLERGENS[o.option_product_number] ?? [], prep_seconds: OPTION_PREP_SECONDS_BY_GROUP[o.group_id] ?? 0 });
export const OPTIONS: OptionRow[] = [
  q(OPT.vanilla, 'syrups', 'Vanilla Syrup', 'pump', 80, 12, 1),
  q(OPT.caramel, 'syrups', 'Caramel Syrup', 'pump', 80, 12, 2),
  q(OPT.hazelnut, 'syrups', 'Hazelnut Syrup', 'pump', 80, 12, 3),
  q(OPT.classic, 'syrups', 'Classic Syrup', 'pump', 0, 12, 4),
  q(OPT.toffeeNut, 'syrups', 'Toffee Nut Syrup', 'pump', 80, 12, 5),
  q(OPT.peppermint, 'syrups', 'Peppermint Syrup', 'pump', 80, 12, 6),
  q(OPT.sfVanilla, 'syrups', 'Sugar-Free Vanilla Syrup', 'pump', 80, 12, 7),
  q(OPT.brownSugar, 'syrups', 'Brown Sugar Syrup', 'pump', 80, 12, 8),
  q(OPT.mocha, 'sauces', 'Mocha Sauce', 'pump', 80, 12, 1),
  q(OPT.whiteMocha, 'sauces', 'White Chocolate Mocha Sauce', 'pump', 80, 12, 2),
  q(OPT.pumpkin, 'sauces', 'Pumpkin Spice Sauce', 'pump', 80, 12, 3),
  sel(401, '2% Milk', 0, 1),
  sel(402, 'Whole Milk', 0, 2),
  sel(403, 'Nonfat Milk', 0, 3),
  sel(404, 'Oatmilk', 70, 4),
  sel(405, 'Almondmilk', 70, 5),
  sel(406, 'Soymilk', 70, 6),
  sel(407, 'Coconutmilk', 70, 7),
  sel(408, 'Breve (Half & Half)', 70, 8),
  q(501, 'espresso', 'Espresso Shots', 'shot', 100, 12, 1),
  q(502, 'espresso', 'Blonde Espresso Shots', 'shot', 100, 12, 2),
  lvl(601, 'toppings', 'Whipped Cream', 1),
  lvl(602, 'toppings', 'Caramel Drizzle', 2),
  q(603, 'toppings', 'Vanilla Sweet Cream Cold Foam', 'serving', 125, 2, 3),
  lvl(604, 'toppings', 'Cinnamon Dolce Topping', 4),
  q(701, 'sweeteners', 'Sugar', 'packet', 0, 10, 1),
  q(702, 'sweeteners', 'Honey', 'packet', 0, 10, 2),
  q(703, 'sweeteners', 'Stevia', 'packet', 0, 10, 3),
  q(801, 'tea', 'Tea Bags', 'bag', 50, 4, 1),
  lvl(901, 'ice', 'Ice', 1),
  q(903, 'ice', 'Fruit Inclusions', 'scoop', 0, 3, 2),
  lvl(951, 'warming', 'Warmed', 1, [
    { sizeCode: 'no', name: 'Not warmed' },
    { sizeCode: 'yes', name: 'Warmed' },
  ]),
].map(withAllergens);
const SYRUPS = [OPT.vanilla, OPT.caramel, OPT.hazelnut, OPT.classic, OPT.toffeeNut, OPT.peppermint, OPT.sfVanilla, OPT.brownSugar];
const SAUCES = [OPT.mocha, OPT.whiteMocha];
const SWEET = [701, 702, 703];

/**
 * An option offered on a product. `default_quantity` maps a size code to the quantity the drink comes with (0: not
 * included); a product with a second form (hot and iced) keys that form's sizes `iced:{sizeCode}`, because a hot
 * and an iced venti differ (2 and 3 shots). An option whose keys all name another form is not offered on this one
 * (ice on a hot latte): `offeredOn` / `defaultQuantityOf` in server/ordering/catalog.ts read it.
 * `default_size_code` is the level a level option takes when it is on (whipped cream `medium`, warming `yes`).
 */
export interface LinkRow {
  product_number: number;
  option_product_number: number;
  default_quantity: Record<string, number>;
  default_size_code: string | null;
}

type Form = { code: string; sizes: SizeDef[]; prefix: string };
/** a per-size record over every form of the product (the second form's keys prefixed with its code) */
const per = (forms: Form[], f: (s: SizeDef, form: Form) => number) => Object.fromEntries(forms.flatMap((fm) => fm.sizes.map((s) => [`${fm.prefix}${s.code}`, f(s, fm)])));

const MILK_OPTIONS = [401, 402, 403, 404, 405, 406, 407, 408];
/** the milk a drink is made with: the one its name says, whole milk for flat whites and latte macchiatos, else 2% */
function defaultMilk(p: ProductSpec): number | null {
  if (/Oatmilk/.test(p.name)) return 404;
  if (/Almondmilk/.test(p.name)) return 405;
  if (/Coconutmilk/.test(p.name)) return 407;
  if (!(p.allergens ?? []).includes('Milk')) return null;
  if (/Flat White|Latte Macchiato/.test(p.name)) return 402;
  return 401;
}

/** espresso shots a drink comes with, by size (hot venti 2, iced venti 3; americanos, shaken espressos and flat whites more) */
function shotsFor(p: ProductSpec, s: SizeDef, iced: boolean): number {
  if (s.code in SHOT_COUNTS) return SHOT_COUNTS[s.code]!;
  if (/Americano|Shaken Espresso/.test(p.name)) return ({ short: 1, tall: 2, grande: 3, venti: 4 } as Record<string, number>)[s.code] ?? 2;
  if (/Flat White/.test(p.name)) return ({ short: 2, tall: 2, grande: 3, venti: 3 } as Record<string, number>)[s.code] ?? 2;
  return ({ short: 1, tall: 1, grande: 2, venti: iced ? 3 : 2 } as Record<string, number>)[s.code] ?? 1;
}
const SHOT_COUNTS: Record<string, number> = { solo: 1, doppio: 2, triple: 3, quad: 4 };

function links(p: ProductSpec, number: number, kind: Kind): LinkRow[] {
  const k = KIND[kind];
  const main: Form = { code: k.form, sizes: k.sizes, prefix: '' };
  const forms: Form[] = p.iced ? [main, { code: 'iced', sizes: ICED, prefix: 'iced:' }] : [main];
  const isIced = (fm: Form) => fm.code === 'iced' || kind === 'iced-espresso' || kind === 'cold-brew' || kind === 'iced-tea' || kind === 'refresher';
  const zero = per(forms, () => 0);
  const one = per(forms, () => 1);
  /** offered on the iced form only (ice, cold foam): keys of that form alone */
  const icedOnly = (q: number) => Object.fromEntries(forms.filter(isIced).flatMap((fm) => fm.sizes.map((s) => [`${fm.prefix}${s.code}`, q])));
  const out: LinkRow[] = [];
  const add = (n: number, dq: Record<string, number> = zero, size: string | null = null) => out.push({ product_number: number, option_product_number: n, default_quantity: dq, default_size_code: size });
  const macchiato = /Macchiato/.test(p.name) && !/Latte Macchiato/.test(p.name);
  const pumps = per(forms, (s, fm) => Math.max(1, (({ short: 2, tall: 3, grande: 4, venti: isIced(fm) ? 6 : 5, trenta: 7 } as Record<string, number>)[s.code] ?? 1) - (macchiato ? 1 : 0)));
  const flavorDefaults = new Set(p.flavors ?? []);
  const flavors = (list: number[]) => list.forEach((n) => add(n, flavorDefaults.has(n) ? pumps : zero));
  const milk = defaultMilk(p);
  const milks = (list: number[]) => list.forEach((n) => add(n, n === milk ? one : zero));
  const shots = per(forms, (s, fm) => shotsFor(p, s, isIced(fm)));
  /** a level option: on at `level` when the drink comes with it, else offered at quantity 0 (added at `level`) */
  const level = (n: number, on: boolean, lvl = 'medium') => add(n, on ? one : zero, lvl);
  switch (kind) {
    case 'brewed':
      milks(MILK_OPTIONS);
      add(501);
      flavors([...SYRUPS, ...SAUCES]);
      SWEET.forEach((n) => add(n));
      break;
    case 'espresso':
    case 'iced-espresso': {
      milks(MILK_OPTIONS);
      const blonde = /Blonde/.test(p.name);
      add(501, blonde ? zero : shots);
      add(502, blonde ? shots : zero);
      flavors([...SYRUPS, ...SAUCES, ...(p.flavors?.includes(OPT.pumpkin) ? [OPT.pumpkin] : [])]);
      // whipped cream comes on mochas and cinnamon dolce lattes (not on a latte, an americano or a shaken espresso)
      const whip = /Mocha|Cinnamon Dolce/.test(p.name) && !/Shaken/.test(p.name);
      level(601, whip);
      level(602, /Caramel Macchiato/.test(p.name));
      if (/Cinnamon Dolce/.test(p.name)) level(604, true);
      if (kind === 'iced-espresso' || p.iced) {
        add(603, icedOnly(0));
        add(901, icedOnly(1), 'medium');
      }
      SWEET.forEach((n) => add(n));
      break;
    }
    case 'shot':
      add(501, shots);
      flavors(SYRUPS);
      SWEET.forEach((n) => add(n));
      break;
    case 'cold-brew':
      MILK_OPTIONS.forEach((n) => add(n));
      flavors([...SYRUPS, ...SAUCES]);
      // the sweet cream cold brews come with cold foam
      add(603, (p.allergens ?? []).includes('Milk') ? one : zero);
      add(901, one, 'medium');
      SWEET.forEach((n) => add(n));
      break;
    case 'hot-tea':
      add(801, per(forms, (s) => (s.oz >= 16 ? 2 : 1)));
      [401, 402, 403, 404, 405, 406].forEach((n) => add(n));
      flavors(SYRUPS);
      SWEET.forEach((n) => add(n));
      break;
    case 'tea-latte':
      milks([401, 402, 403, 404, 405, 406, 407]);
      flavors(SYRUPS);
      level(601, false);
      level(604, false);
      if (p.iced) add(901, icedOnly(1), 'medium');
      SWEET.forEach((n) => add(n));
      break;
    case 'iced-tea':
      add(OPT.classic, pumps);
      flavors(SYRUPS.filter((n) => n !== OPT.classic));
      add(901, one, 'medium');
      SWEET.forEach((n) => add(n));
      break;
    case 'refresher':
      add(903, one);
      add(901, one, 'medium');
      add(603);
      SWEET.forEach((n) => add(n));
      break;
    case 'blended':
      // blended beverages are made with whole milk; whipped cream except on the coffee and espresso ones
      for (const n of [401, 402, 403, 404, 405, 406, 407]) add(n, n === 402 ? one : zero);
      add(501, /Espresso Frappuccino/.test(p.name) ? one : zero);
      flavors([...SYRUPS, ...SAUCES]);
      level(601, !/^(Coffee|Espresso) Frappuccino/.test(p.name));
      level(602, p.name.includes('Caramel'));
      break;
    case 'hot-chocolate':
      for (const n of [401, 402, 403, 404, 405, 406, 407]) add(n, n === 401 ? one : zero);
      flavors([...SYRUPS, ...SAUCES]);
      level(601, SAUCES.some((s) => flavorDefaults.has(s)));
      break;
    case 'bakery':
      level(951, false, 'yes');
      break;
    case 'breakfast':
    case 'lunch':
      if (!/Parfait|Overnight|Protein Box|Bowl/.test(p.name)) level(951, true, 'yes');
      break;
    default:
      break;
  }
  return out;
}

// ---- nutrition ------------------------------------------------------------------------------------------------
export interface NutritionJson {
  servingSize: string;
  calories: number;
  totalFatG: number;
  saturatedFatG: number;
  transFatG: number;
  cholesterolMg: number;
  sodiumMg: number;
  totalCarbohydratesG: number;
  dietaryFiberG: number;
  sugarsG: number;
  proteinG: number;
  caffeineMg: number | null;
}
const r1 = (x: number) => Math.round(x * 10) / 10;
function nutrition(p: ProductSpec, kind: Kind, size: SizeDef, defOz: number): NutritionJson {
  const k = KIND[kind];
  const ratio = k.type === 'Beverage' && kind !== 'cold-drink' ? size.oz / defOz : 1;
  const calories = Math.round((p.kcal * ratio) / 5) * 5;
  const food = k.type === 'Food';
  const fatShare = food ? 0.4 : (p.allergens ?? []).includes('Milk') ? 0.3 : 0.05;
  const proteinShare = food ? 0.15 : (p.allergens ?? []).includes('Milk') ? 0.18 : 0.02;
  const fat = r1((calories * fatShare) / 9);
  const protein = Math.round((calories * proteinShare) / 4);
  const carbs = Math.round((calories * (1 - fatShare - proteinShare)) / 4);
  return {
    servingSize: size.display ?? (food ? '1 item' : '1 bottle'),
    calories,
    totalFatG: fat,
    saturatedFatG: r1(fat * 0.55),
    transFatG: food && fat > 10 ? 0.5 : 0,
    cholesterolMg: (p.allergens ?? []).some((a) => a === 'Milk' || a === 'Egg') ? Math.round(calories / 12) : 0,
    sodiumMg: food ? Math.round(calories * 1.6) : Math.round(calories * 0.6) + 5,
    totalCarbohydratesG: carbs,
    dietaryFiberG: food ? Math.max(1, Math.round(carbs / 15)) : 0,
    sugarsG: food ? Math.round(carbs * 0.35) : Math.round(carbs * 0.9),
    proteinG: protein,
    caffeineMg: k.caffeine === null ? null : /Decaf/.test(p.name) ? 15 : Math.round(k.caffeine * (kind === 'shot' ? size.oz / 2 : ratio)),
  };
}

// ---- rows -------------------------------------------------------------------------------------------------------
/** a menu product row (menu_products): also what server/ordering/catalog.ts reads */
export interface ProductRow {
  product_number: number;
  name: string;
  description: string;
  product_type: 'Beverage' | 'Food' | 'Merchandise';
  category_id: string;
  image_key: string;
  display_order: number;
  featured: boolean;
  orderable: boolean;
  hidden: boolean;
  tax_class: 'prepared' | 'grocery' | 'merchandise';
  reward_tier: number | null;
  /** seconds to prepare one at the default size (migration 084; by kind, docs/order-status.md 3.10) */
  prep_seconds?: number;
}
/** a size row (menu_sizes): sku, base price, nutrition and allergens */
export interface SizeRow {
  sku: string;
  product_number: number;
  form_code: string;
  size_code: string;
  name: string;
  display_size: string | null;
  is_default: boolean;
  display_order: number;
  base_price_cents: number;
  nutrition: NutritionJson;
  /** display names (the product's list, 'Oats' included): what the size has in its default configuration */
  allergens: string[];
  /** allergen codes of the size without its options (migration 083): display codes minus what default options bring */
  base_allergens: AllergenCode[];
}
export interface MenuRows {
  menus: Array<{ menu_id: string; path: string; name: string; display_order: number }>;
  categories: Array<{ category_id: string; menu_id: string; parent_id: string | null; path: string; name: string; display_order: number; image_key: string }>;
  products: ProductRow[];
  forms: Array<{ product_number: number; form_code: string; name: string; display_order: number }>;
  sizes: SizeRow[];
  links: LinkRow[];
  /** product number → kind (art) */
  kinds: Map<number, Kind>;
}

export const skuOf = (productNumber: number, formCode: string, sizeCode: string) => `${productNumber}-${formCode}-${sizeCode}`;
export const optionSku = (optionProductNumber: number, sizeCode?: string | null) => (sizeCode ? `opt-${optionProductNumber}-${sizeCode}` : `opt-${optionProductNumber}`);

export function buildMenuRows(): MenuRows {
  const rows: MenuRows = { menus: [], categories: [], products: [], forms: [], sizes: [], links: [], kinds: new Map() };
  let number = FIRST_PRODUCT_NUMBER;
  let order = 0;
  const addProduct = (p: ProductSpec, categoryId: string) => {
    const n = number++;
    const k = KIND[p.kind];
    rows.kinds.set(n, p.kind);
    rows.products.push({
      product_number: n,
      name: p.name,
      description: p.description ?? describe(p),
      product_type: k.type,
      category_id: categoryId,
      image_key: `p-${n}`,
      display_order: order++,
      featured: !!p.featured,
      orderable: !p.retired,
      hidden: false,
      tax_class: k.tax,
      reward_tier: k.tier,
      prep_seconds: PREP_SECONDS_BY_KIND[p.kind],
    });
    const forms: Array<{ code: string; name: string; sizes: SizeDef[]; def: string; kind: Kind }> = [{ code: k.form, name: k.formName, sizes: k.sizes, def: k.def, kind: p.kind }];
    if (p.iced) forms.push({ code: 'iced', name: 'Iced', sizes: ICED, def: 'grande', kind: 'iced-espresso' });
    const productLinks = links(p, n, p.kind);
    forms.forEach((f, fi) => {
      rows.forms.push({ product_number: n, form_code: f.code, name: f.name, display_order: fi });
      const defOz = f.sizes.find((s) => s.code === f.def)!.oz;
      f.sizes.forEach((s, si) =>
        rows.sizes.push({
          sku: skuOf(n, f.code, s.code),
          product_number: n,
          form_code: f.code,
          size_code: s.code,
          name: s.name,
          display_size: s.display,
          is_default: s.code === f.def,
          display_order: si,
          base_price_cents: Math.max(95, p.price + s.delta + (fi === 1 ? 20 : 0)),
          nutrition: nutrition(p, f.kind, s, defOz),
          allergens: p.allergens ?? [],
          base_allergens: baseAllergens(p, productLinks, f.code, s.code),
        }),
      );
    });
    rows.links.push(...productLinks);
  };
  MENU.forEach((m, mi) => {
    rows.menus.push({ menu_id: m.path, path: m.path, name: m.name, display_order: mi });
    m.categories.forEach((c, ci) => {
      const cid = `${m.path}/${c.path}`;
      rows.categories.push({ category_id: cid, menu_id: m.path, parent_id: null, path: c.path, name: c.name, display_order: ci, image_key: `c-${c.path}` });
      for (const p of c.products ?? []) addProduct(p, cid);
      (c.subs ?? []).forEach((s, si) => {
        const sid = `${cid}/${s.path}`;
        rows.categories.push({ category_id: sid, menu_id: m.path, parent_id: cid, path: s.path, name: s.name, display_order: si, image_key: `c-${c.path}` });
        for (const p of s.products) addProduct(p, sid);
      });
    });
  });
  // 81: the bag fee, on no menu (spec 5 drops it from previous orders)
  rows.products.push({ product_number: BAG_FEE_PRODUCT, name: 'Paper Bag Fee', description: 'A paper bag for your order.', product_type: 'Merchandise', category_id: 'at-home-coffee/drinkware', image_key: 'p-81', display_order: 9999, featured: false, orderable: true, hidden: true, tax_class: 'merchandise', reward_tier: null, prep_seconds: 5 });
  rows.forms.push({ product_number: BAG_FEE_PRODUCT, form_code: 'single', name: 'Single', display_order: 0 });
  rows.sizes.push({ sku: skuOf(BAG_FEE_PRODUCT, 'single', 'each'), product_number: BAG_FEE_PRODUCT, form_code: 'single', size_code: 'each', name: 'Each', display_size: null, is_default: true, display_order: 0, base_price_cents: 10, nutrition: nutrition({ name: 'bag', kind: 'merch', price: 10, kcal: 0 }, 'merch', EACH[0]!, 1), allergens: [], base_allergens: [] });
  rows.kinds.set(BAG_FEE_PRODUCT, 'merch');
  return rows;
}

/**
 * A size's allergens without its options: the product's display allergens as codes minus those its default options
 * bring at this size (so a milk swap removes milk), keeping the ones the product lists as `intrinsicAllergens`. The
 * default quantity is read as catalog.ts defaultQuantityOf reads it ('{form}:{size}' first, then '{size}').
 */
function baseAllergens(p: ProductSpec, productLinks: readonly LinkRow[], formCode: string, sizeCode: string): AllergenCode[] {
  const brought = new Set<string>();
  for (const l of productLinks) {
    const q = l.default_quantity[`${formCode}:${sizeCode}`] ?? l.default_quantity[sizeCode] ?? 0;
    if (q > 0) for (const a of OPTION_ALLERGENS[l.option_product_number] ?? []) brought.add(a);
  }
  const intrinsic = new Set(p.intrinsicAllergens ?? []);
  return sortAllergens((p.allergens ?? []).map(codeOfDisplayName).filter((c): c is AllergenCode => c !== null && (intrinsic.has(c) || !brought.has(c))));
}

function describe(p: ProductSpec): string {
  const base: Record<Kind, string> = {
    brewed: 'A smooth, well-rounded brewed coffee, served hot.',
    espresso: 'Rich espresso with steamed milk, made to order.',
    shot: 'Our signature espresso, pulled short and strong.',
    'iced-espresso': 'Espresso over ice, shaken or poured, made to order.',
    'cold-brew': 'Slow-steeped for 20 hours for a smooth, naturally sweet cold brew.',
    'hot-tea': 'Full-leaf tea steeped hot.',
    'tea-latte': 'Tea and steamed milk, gently sweetened.',
    'iced-tea': 'Tea shaken with ice.',
    refresher: 'Fruit juice and green coffee extract shaken with ice.',
    blended: 'Blended with ice and milk, topped your way.',
    'hot-chocolate': 'Steamed milk with chocolate, topped with whipped cream.',
    'cold-drink': 'Chilled and ready to go.',
    bakery: 'Baked fresh daily.',
    breakfast: 'A warm breakfast to start the day.',
    lunch: 'Made for a good lunch on the go.',
    snack: 'A little something to go with your drink.',
    merch: 'Take your coffee home.',
  };
  return `${p.name}. ${base[p.kind]}`;
}

// ---- store fixtures -------------------------------------------------------------------------------------------

/** roles of generated stores (chosen at seed: the first US stores open 24 hours and READY, by short number) */
export const FIXTURE_ROLES = ['svc_only', 'MISSING_COUNTRY', 'HIGH_VOLUME_STORE', 'MOP_UNAVAILABLE', 'UNEXPECTED_ERROR', 'menu_empty', 'menu_failing'] as const;

export const TAX_RATES: Array<[string, string, number, boolean]> = [
  ['US', '*', 700, false],
  ['US', 'WA', 1025, false],
  ['US', 'CA', 875, true],
  ['US', 'NY', 888, false],
  ['US', 'OR', 0, false],
  ['US', 'TX', 825, false],
  ['US', 'IL', 1025, false],
  ['US', 'MA', 625, false],
  ['US', 'FL', 700, false],
  ['CA', '*', 500, false],
  ['CA', 'ON', 1300, false],
  ['CA', 'BC', 1200, false],
  ['CA', 'QC', 1498, false],
  ['GB', '*', 2000, true],
];

export const OFFERS: Array<{ code: string; type: 'STAR_REWARD' | 'REWARD'; stars: number; description: string; reward_tier: number | null; percent_off: number | null; eligible_from: string | null; market: string }> = [
  { code: 'STARS100', type: 'STAR_REWARD', stars: 100, description: 'Free brewed coffee, hot tea, bakery item or snack (100 Stars)', reward_tier: 100, percent_off: null, eligible_from: null, market: 'US' },
  { code: 'STARS200', type: 'STAR_REWARD', stars: 200, description: 'Free handcrafted drink or hot breakfast (200 Stars)', reward_tier: 200, percent_off: null, eligible_from: null, market: 'US' },
  { code: 'STARS300', type: 'STAR_REWARD', stars: 300, description: 'Free lunch sandwich, protein box or bowl (300 Stars)', reward_tier: 300, percent_off: null, eligible_from: null, market: 'US' },
  { code: 'STARS400', type: 'STAR_REWARD', stars: 400, description: 'Free whole bean coffee or drinkware (400 Stars)', reward_tier: 400, percent_off: null, eligible_from: null, market: 'US' },
  { code: 'WELCOME50', type: 'REWARD', stars: 0, description: 'Welcome: 50% off one drink', reward_tier: null, percent_off: 50, eligible_from: '2020-01-01T00:00:00Z', market: 'US' },
  { code: 'BIRTHDAY', type: 'REWARD', stars: 0, description: 'Birthday reward: one free drink', reward_tier: null, percent_off: 100, eligible_from: '2020-01-01T00:00:00Z', market: 'US' },
  { code: 'FOUNDERS', type: 'REWARD', stars: 0, description: 'Founding members: 25% off one drink', reward_tier: null, percent_off: 25, eligible_from: '2099-01-01T00:00:00Z', market: 'US' },
  { code: 'CANADA25', type: 'REWARD', stars: 0, description: '25% off one drink (Canada)', reward_tier: null, percent_off: 25, eligible_from: '2020-01-01T00:00:00Z', market: 'CA' },
];

/** Stars given to the demo members at seed (so rewards can be tried at once) */
export const DEMO_STARS = 450;

const BATCH = 500;
async function insertRows(tx: Queryable, table: string, rows: readonly object[]) {
  const first = rows[0];
  if (!first) return;
  const cols = Object.keys(first)
    .map((c) => `"${c}"`)
    .join(', ');
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.query(`insert into ${table} (${cols}) select ${cols} from jsonb_populate_recordset(null::${table}, $1::jsonb)`, [JSON.stringify(rows.slice(i, i + BATCH))]);
  }
}

/** Seeds the menu and the ordering fixtures once (menu_menus empty); returns the product count or null. */
export async function seedMenuIfEmpty(db: Db): Promise<{ products: number } | null> {
  const already = await db.query('select 1 from menu_menus limit 1').catch(() => null);
  if (!already || already.rows.length) return null;
  const rows = buildMenuRows();
  return db.transaction(async (tx) => {
    // two processes seeding one PostgreSQL database: the second waits here, then finds the menu there
    await tx.query('lock table menu_menus in exclusive mode');
    if ((await tx.query('select 1 from menu_menus limit 1')).rows.length) return null;
    await insertRows(tx, 'menu_menus', rows.menus);
    // categories before subcategories (the parent must exist)
    await insertRows(tx, 'menu_categories', rows.categories.filter((c) => !c.parent_id));
    await insertRows(tx, 'menu_categories', rows.categories.filter((c) => c.parent_id));
    await insertRows(tx, 'menu_products', rows.products);
    await insertRows(tx, 'menu_forms', rows.forms);
    await insertRows(tx, 'menu_sizes', rows.sizes);
    await insertRows(tx, 'menu_option_groups', OPTION_GROUPS.filter((g) => !g.parent_id));
    await insertRows(tx, 'menu_option_groups', OPTION_GROUPS.filter((g) => g.parent_id));
    await insertRows(tx, 'menu_options', OPTIONS);
    await insertRows(tx, 'menu_product_options', rows.links);

    // menu variants: 0 full menu; 1 no nitro and no bowls; 2 no lunch; 3 no dragon/paradise drinks; 4 every 13th product
    const exclusions: Array<{ variant: number; product_number: number }> = [];
    for (const p of rows.products) {
      if (p.hidden) continue;
      if (/Nitro|Bowl/.test(p.name)) exclusions.push({ variant: 1, product_number: p.product_number });
      if (p.category_id.startsWith('food/lunch')) exclusions.push({ variant: 2, product_number: p.product_number });
      if (/Dragon Drink|Paradise Drink/.test(p.name)) exclusions.push({ variant: 3, product_number: p.product_number });
      if (p.product_number % 13 === 0) exclusions.push({ variant: 4, product_number: p.product_number });
    }
    await insertRows(tx, 'menu_variant_exclusions', exclusions);

    // Seattle stores: full menu (variant 0); 1st & Pike lacks the nitro drinks and is sold out of doughnuts; the
    // drive-thru takes stored-value cards only; the 24-hour store charges more for Pike Place Roast
    const seattle = Object.values(SEATTLE_STORES).map((n) => n.split('-')[0]!);
    const present = (await tx.query<{ short_number: string }>('select short_number from stores where short_number = any($1::text[])', [seattle])).rows.map((r) => r.short_number);
    for (const s of present) await tx.query('insert into store_order_settings (short_number, menu_variant, svc_only) values ($1, 0, $2)', [s, s === '10002']);
    const byName = (name: string) => rows.products.find((p) => p.name === name)!.product_number;
    if (present.includes('10001')) {
      for (const name of ['Nitro Cold Brew', 'Vanilla Sweet Cream Nitro Cold Brew']) await tx.query(`insert into store_product_exclusions values ('10001', $1, 'NotAvailableHere')`, [byName(name)]);
      await tx.query(`insert into store_product_exclusions values ('10001', $1, 'SoldOut')`, [byName('Glazed Doughnut')]);
    }
    // the ETA model's stations (docs/order-status.md 3.1): the two busiest fixture stores run three bars
    for (const s of present.filter((x) => x === '10001' || x === '10003')) await tx.query('insert into store_prep_profiles (short_number, stations) values ($1, 3) on conflict do nothing', [s]);
    if (present.includes('10003')) await tx.query(`insert into store_price_overrides values ('10003', $1, 345)`, [skuOf(byName('Pike Place Roast'), 'hot', 'grande')]);

    // generated fixture stores for the codes that need a store of their own
    const fixtures = await tx.query<{ short_number: string }>(
      `select short_number from stores
        where country_code = 'US' and is_open_24_hours and mobile_ordering->>'availability' = 'READY' and short_number not like '1000_'
        order by short_number limit $1`,
      [FIXTURE_ROLES.length],
    );
    for (const [i, r] of fixtures.rows.entries()) {
      const role = FIXTURE_ROLES[i]!;
      await tx.query('insert into store_order_settings (short_number, svc_only, pricing_code, menu_state) values ($1, $2, $3, $4)', [
        r.short_number,
        role === 'svc_only',
        role === role.toUpperCase() ? role : null,
        role === 'menu_empty' ? 'empty' : role === 'menu_failing' ? 'failing' : null,
      ]);
    }

    for (const [country, sub, bp, inclusive] of TAX_RATES) await tx.query('insert into tax_rates values ($1, $2, $3, $4)', [country, sub, bp, inclusive]);
    await insertRows(tx, 'offers', OFFERS);
    await tx.query(`insert into stars_balances (user_id, balance) select id, $1 from users where email in ('demo@example.com', 'regular@example.com') on conflict do nothing`, [DEMO_STARS]);
    await tx.query(`insert into stars_ledger (user_id, delta, balance_after, kind, description) select user_id, balance, balance, 'adjustment', 'Welcome Stars' from stars_balances`);
    return { products: rows.products.filter((p) => !p.hidden).length };
  });
}
