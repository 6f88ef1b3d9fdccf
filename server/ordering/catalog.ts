import type { Db, Queryable } from '../db/db.ts';
import type { StoreRow } from '../db/store-row.ts';
import { storeByNumber } from '../locator/store-queries.ts';
import { storeHours } from '../locator/store-format.ts';
import { isOpenAt } from '../locator/hours.ts';
import { ORDERING_LIMITS, type Availability, type Currency, type MenuResponse, type OptionCategory, type OptionProduct, type ProductDetail, type ProductSize, type ProductTile } from '../../contracts/ordering.ts';
import { itemAllergens } from '../../machines/allergen-rules.ts';
import { sortAllergens, type AllergenCode } from '../../contracts/allergens.ts';
import { optionSku, type LinkRow, type OptionRow, type ProductRow, type SizeRow } from '../db/seed/menu.ts';

/** the menu's row shapes are the seed's (one definition) */
export type { LinkRow, OptionRow, ProductRow, SizeRow };

/**
 * The menu, read once per database into memory (and again after a change to a menu table, in every process:
 * clearCatalog, server/db/invalidation.ts), and a store's
 * ordering context (settings, exclusions, price tier, tax). Per-store prices: the size's base price times the
 * store's price tier (rounded to 5 cents), or the store's override of that size.
 */
interface GroupRow {
  group_id: string;
  parent_id: string | null;
  name: string;
  selection: 'single' | 'multiple';
  display_order: number;
}
interface CategoryRow {
  category_id: string;
  menu_id: string;
  parent_id: string | null;
  path: string;
  name: string;
  display_order: number;
  image_key: string;
}

export interface Catalog {
  menus: Array<{ menu_id: string; path: string; name: string }>;
  categories: CategoryRow[];
  categoryById: Map<string, CategoryRow>;
  products: Map<number, ProductRow>;
  productsByCategory: Map<string, ProductRow[]>;
  forms: Map<number, Array<{ form_code: string; name: string }>>;
  sizes: Map<string, SizeRow>;
  sizesByForm: Map<string, SizeRow[]>;
  options: Map<number, OptionRow>;
  /** option sku → option and its size code */
  optionSkus: Map<string, { option: OptionRow; sizeCode: string | null }>;
  groups: GroupRow[];
  links: Map<number, Map<number, LinkRow>>;
  variantExclusions: Map<number, Set<number>>;
  taxRates: Map<string, { rate_bp: number; inclusive: boolean }>;
}

const catalogs = new WeakMap<object, Promise<Catalog>>();

/**
 * The menu of this database, cached per Db (the pool, or the PGlite instance) until a NOTIFY 'menu' clears it. A Db,
 * never a transaction's handle: a handle is a new object per transaction, so the cache would miss and load the whole
 * menu (ten queries, issued together) inside every transaction that asked. A transaction takes the Db's menu, read
 * before it (submit, the sold-out switch): the menu is the same on every connection until the NOTIFY.
 */
export function catalog(db: Db): Promise<Catalog> {
  let c = catalogs.get(db);
  if (!c) {
    const loading = loadCatalog(db);
    catalogs.set(db, loading);
    loading.catch(() => {
      if (catalogs.get(db) === loading) catalogs.delete(db);
    });
    c = loading;
  }
  return c;
}

/**
 * Drops the menu of this database: the next request reads it again. Called in every process when a menu table
 * changes (migration 045's triggers NOTIFY 'menu'; server/db/invalidation.ts).
 */
export function clearCatalog(db: Queryable): void {
  catalogs.delete(db);
}

async function loadCatalog(db: Queryable): Promise<Catalog> {
  const [menus, categories, products, forms, sizes, options, groups, links, excl, tax] = await Promise.all([
    db.query<{ menu_id: string; path: string; name: string }>('select menu_id, path, name from menu_menus order by display_order'),
    db.query<CategoryRow>('select * from menu_categories order by display_order, category_id'),
    db.query<ProductRow>('select * from menu_products order by display_order, product_number'),
    db.query<{ product_number: number; form_code: string; name: string }>('select product_number, form_code, name from menu_forms order by product_number, display_order'),
    db.query<SizeRow>('select * from menu_sizes order by product_number, form_code, display_order'),
    db.query<OptionRow>('select * from menu_options order by group_id, display_order'),
    db.query<GroupRow>('select * from menu_option_groups order by display_order'),
    db.query<LinkRow>('select * from menu_product_options order by product_number, option_product_number'),
    db.query<{ variant: number; product_number: number }>('select variant, product_number from menu_variant_exclusions'),
    db.query<{ country_code: string; subdivision: string; rate_bp: number; inclusive: boolean }>('select * from tax_rates'),
  ]);
  const c: Catalog = {
    menus: menus.rows,
    categories: categories.rows,
    categoryById: new Map(categories.rows.map((r) => [r.category_id, r])),
    products: new Map(products.rows.map((p) => [Number(p.product_number), { ...p, product_number: Number(p.product_number) }])),
    productsByCategory: new Map(),
    forms: new Map(),
    sizes: new Map(),
    sizesByForm: new Map(),
    options: new Map(options.rows.map((o) => [Number(o.option_product_number), o])),
    optionSkus: new Map(),
    groups: groups.rows,
    links: new Map(),
    variantExclusions: new Map(),
    taxRates: new Map(tax.rows.map((t) => [`${t.country_code}:${t.subdivision}`, { rate_bp: t.rate_bp, inclusive: t.inclusive }])),
  };
  for (const p of c.products.values()) {
    if (p.hidden) continue;
    const list = c.productsByCategory.get(p.category_id) ?? [];
    list.push(p);
    c.productsByCategory.set(p.category_id, list);
  }
  for (const f of forms.rows) {
    const list = c.forms.get(Number(f.product_number)) ?? [];
    list.push({ form_code: f.form_code, name: f.name });
    c.forms.set(Number(f.product_number), list);
  }
  for (const s of sizes.rows) {
    const row = { ...s, product_number: Number(s.product_number) };
    c.sizes.set(s.sku, row);
    const key = `${row.product_number}:${s.form_code}`;
    const list = c.sizesByForm.get(key) ?? [];
    list.push(row);
    c.sizesByForm.set(key, list);
  }
  for (const o of c.options.values()) {
    if (o.kind === 'size') for (const s of o.sizes) c.optionSkus.set(optionSku(o.option_product_number, s.sizeCode), { option: o, sizeCode: s.sizeCode });
    else c.optionSkus.set(optionSku(o.option_product_number), { option: o, sizeCode: null });
  }
  for (const l of links.rows) {
    const pn = Number(l.product_number);
    const m = c.links.get(pn) ?? new Map<number, LinkRow>();
    m.set(Number(l.option_product_number), l);
    c.links.set(pn, m);
  }
  for (const e of excl.rows) {
    const s = c.variantExclusions.get(e.variant) ?? new Set<number>();
    s.add(Number(e.product_number));
    c.variantExclusions.set(e.variant, s);
  }
  return c;
}

// ---- the store's ordering context ------------------------------------------------------------------------------

export interface StoreCtx {
  row: StoreRow;
  short: string;
  variant: number;
  svcOnly: boolean;
  pricingCode: string | null;
  menuState: 'empty' | 'failing' | null;
  tierBp: number;
  excluded: Map<number, 'NotAvailableHere' | 'SoldOut'>;
  overrides: Map<string, number>;
  currency: Currency;
  tax: { rate_bp: number; inclusive: boolean } | null;
  /** the CA tax-inclusive note applies (California stores) */
  taxIncludedNote: boolean;
}

const CURRENCY: Record<string, Currency> = { US: 'USD', CA: 'CAD', GB: 'GBP' };
function defaultTier(country: string, sub: string): number {
  if (country === 'CA') return 13000;
  if (country === 'GB') return 8000;
  return ['CA', 'NY', 'MA', 'WA'].includes(sub) ? 10500 : 10000;
}

/**
 * The store's ordering context: its row, settings, exclusions (sold out) and price overrides, with its tax rate from
 * the menu. On a Db the menu is the cached one; inside a transaction (`tx`) the caller passes the Db's menu (`cat`,
 * see `catalog`), and the store's rows are read on the transaction (they see its locks and writes). The three reads
 * are issued together: side by side on the pool, one after the other on a transaction's handle (server/db/db.ts).
 */
export async function storeCtx(db: Db, storeNumber: string, cat?: Catalog): Promise<StoreCtx | null>;
export async function storeCtx(tx: Queryable, storeNumber: string, cat: Catalog): Promise<StoreCtx | null>;
export async function storeCtx(db: Queryable, storeNumber: string, menu?: Catalog): Promise<StoreCtx | null> {
  const row = await storeByNumber(db, storeNumber);
  if (!row) return null;
  const cat = menu ?? (await catalog(db as Db));
  const [settings, excl, over] = await Promise.all([
    db.query<{ menu_variant: number | null; svc_only: boolean; pricing_code: string | null; menu_state: 'empty' | 'failing' | null; price_tier_bp: number | null }>('select * from store_order_settings where short_number = $1', [row.short_number]),
    db.query<{ product_number: number; reason: 'NotAvailableHere' | 'SoldOut' }>('select product_number, reason from store_product_exclusions where short_number = $1', [row.short_number]),
    db.query<{ sku: string; price_cents: number }>('select sku, price_cents from store_price_overrides where short_number = $1', [row.short_number]),
  ]);
  const s = settings.rows[0];
  const country = row.address.countryCode || row.country_code;
  const sub = row.address.countrySubdivisionCode;
  const tax = cat.taxRates.get(`${country}:${sub}`) ?? cat.taxRates.get(`${country}:*`) ?? null;
  return {
    row,
    short: row.short_number,
    variant: s?.menu_variant ?? Number(row.short_number) % 5,
    svcOnly: s?.svc_only ?? false,
    pricingCode: s?.pricing_code ?? null,
    menuState: s?.menu_state ?? null,
    tierBp: s?.price_tier_bp ?? defaultTier(country, sub),
    excluded: new Map(excl.rows.map((e) => [Number(e.product_number), e.reason])),
    overrides: new Map(over.rows.map((o) => [o.sku, o.price_cents])),
    currency: CURRENCY[country] ?? 'USD',
    tax,
    taxIncludedNote: country === 'US' && sub === 'CA',
  };
}

export const storeOpenAt = (ctx: StoreCtx, at: Date) => ctx.row.is_open_24_hours || isOpenAt(storeHours(ctx.row), at);

const round5 = (cents: number) => Math.round(cents / 5) * 5;
/** a size's price at the store (null store: the national base price) */
export function sizePrice(size: SizeRow, ctx: StoreCtx | null): number {
  if (!ctx) return size.base_price_cents;
  return ctx.overrides.get(size.sku) ?? round5((size.base_price_cents * ctx.tierBp) / 10000);
}
export function optionPrice(option: OptionRow, ctx: StoreCtx | null): number {
  if (!ctx) return option.unit_price_cents;
  return round5((option.unit_price_cents * ctx.tierBp) / 10000);
}

export function availability(cat: Catalog, p: ProductRow, ctx: StoreCtx | null): Availability {
  if (!p.orderable) return 'NotOrderable';
  if (!ctx) return 'Available';
  if (p.hidden) return 'NotAvailableHere';
  const e = ctx.excluded.get(p.product_number);
  if (e) return e;
  if (cat.variantExclusions.get(ctx.variant)?.has(p.product_number)) return 'NotAvailableHere';
  return 'Available';
}

export const imageUrl = (key: string) => `/images/menu/${key}.svg`;

export function defaultForm(cat: Catalog, productNumber: number): string {
  return cat.forms.get(productNumber)?.[0]?.form_code ?? 'single';
}
export function defaultSize(cat: Catalog, productNumber: number, formCode: string): SizeRow | undefined {
  const list = cat.sizesByForm.get(`${productNumber}:${formCode}`) ?? [];
  return list.find((s) => s.is_default) ?? list[0];
}

export function tile(cat: Catalog, p: ProductRow, ctx: StoreCtx | null): ProductTile {
  const form = defaultForm(cat, p.product_number);
  const sizes = cat.sizesByForm.get(`${p.product_number}:${form}`) ?? [];
  const def = defaultSize(cat, p.product_number, form);
  return {
    productNumber: p.product_number,
    formCode: form,
    name: p.name,
    imageURL: imageUrl(p.image_key),
    imageAlt: p.name,
    availability: availability(cat, p, ctx),
    priceFrom: ctx && sizes.length ? Math.min(...sizes.map((s) => sizePrice(s, ctx))) : null,
    productType: p.product_type,
    featured: p.featured,
    calories: def?.nutrition.calories ?? 0,
    allergens: sortAllergens(sizes.flatMap((s) => sizeAllergenCodes(cat, s))),
  };
}

/**
 * A size's allergen codes as it comes (issue 29; docs/order-status.md 3.9): base_allergens ∪ the allergens of the
 * options it has by default (machines/allergen-rules.ts, shared with the client). A tile's are the union over the
 * default form's sizes.
 */
export function sizeAllergenCodes(cat: Catalog, size: SizeRow): AllergenCode[] {
  const options: Array<{ optionProductNumber: number; allergens: readonly string[] }> = [];
  const quantities: Record<string, number> = {};
  for (const [n, link] of cat.links.get(size.product_number) ?? []) {
    const o = cat.options.get(n);
    if (!o || !offeredOn(link, size.form_code)) continue;
    options.push({ optionProductNumber: n, allergens: o.allergens });
    quantities[String(n)] = defaultQuantityOf(link, size.form_code, size.size_code);
  }
  return itemAllergens(size.base_allergens, options, quantities);
}

export function menuOf(cat: Catalog, ctx: StoreCtx | null, locale: string): MenuResponse {
  const tops = cat.categories.filter((c) => !c.parent_id);
  const menus = cat.menus.map((m) => ({
    id: m.menu_id,
    name: m.name,
    path: m.path,
    categories: tops
      .filter((c) => c.menu_id === m.menu_id)
      .map((c) => ({
        id: c.category_id,
        name: c.name,
        path: c.path,
        imageURL: imageUrl(c.image_key),
        products: (cat.productsByCategory.get(c.category_id) ?? []).map((p) => tile(cat, p, ctx)),
        subcategories: cat.categories
          .filter((s) => s.parent_id === c.category_id)
          .map((s) => ({ id: s.category_id, name: s.name, path: s.path, products: (cat.productsByCategory.get(s.category_id) ?? []).map((p) => tile(cat, p, ctx)) })),
      })),
  }));
  const featured = [...cat.products.values()].filter((p) => p.featured && !p.hidden).map((p) => tile(cat, p, ctx));
  return {
    menus,
    storeNumber: ctx?.row.store_number ?? null,
    national: !ctx,
    menuAvailable: !ctx || ctx.row.mobile_ordering.availability === 'READY',
    locale,
    currency: ctx?.currency ?? 'USD',
    taxIncludedNote: ctx?.taxIncludedNote ?? false,
    svcOnly: ctx?.svcOnly ?? false,
    featured,
  };
}

/**
 * Per-form option defaults (seed/menu.ts LinkRow): a product's second form keys its sizes `{formCode}:{sizeCode}`;
 * a plain key is the size of any form. An option whose keys all name other forms is not offered on this form.
 */
export function defaultQuantityOf(link: LinkRow, formCode: string, sizeCode: string): number {
  return link.default_quantity[`${formCode}:${sizeCode}`] ?? link.default_quantity[sizeCode] ?? 0;
}
export function offeredOn(link: LinkRow, formCode: string): boolean {
  const keys = Object.keys(link.default_quantity);
  return keys.length === 0 || keys.some((k) => !k.includes(':') || k.startsWith(`${formCode}:`));
}

function optionProduct(o: OptionRow, link: LinkRow, formCode: string, sizes: readonly SizeRow[], ctx: StoreCtx | null): OptionProduct {
  return {
    optionProductNumber: o.option_product_number,
    name: o.name,
    sku: optionSku(o.option_product_number),
    kind: o.kind,
    attributes: { unitOfMeasure: o.unit_of_measure },
    defaultQuantity: Object.fromEntries(sizes.map((s) => [s.size_code, defaultQuantityOf(link, formCode, s.size_code)])),
    maxQuantity: o.max_quantity,
    unitPrice: optionPrice(o, ctx),
    sizes: o.sizes.map((s) => ({ sku: optionSku(o.option_product_number, s.sizeCode), sizeCode: s.sizeCode, name: s.name })),
    defaultSizeCode: link.default_size_code,
    allergens: sortAllergens(o.allergens),
  };
}

function sizeOut(cat: Catalog, s: SizeRow, ctx: StoreCtx | null): ProductSize {
  return { sku: s.sku, sizeCode: s.size_code, name: s.name, displaySize: s.display_size, isDefault: s.is_default, price: ctx ? sizePrice(s, ctx) : null, nutrition: s.nutrition, allergens: s.allergens, allergenCodes: sizeAllergenCodes(cat, s), baseAllergens: sortAllergens(s.base_allergens) };
}

export function productDetail(cat: Catalog, p: ProductRow, formCode: string, ctx: StoreCtx | null, locale: string): ProductDetail {
  const allForms = cat.forms.get(p.product_number) ?? [];
  const forms = [...allForms.filter((f) => f.form_code === formCode), ...allForms.filter((f) => f.form_code !== formCode)].map((f) => ({
    formCode: f.form_code,
    name: f.name,
    sizes: (cat.sizesByForm.get(`${p.product_number}:${f.form_code}`) ?? []).map((s) => sizeOut(cat, s, ctx)),
  }));
  const links = cat.links.get(p.product_number) ?? new Map<number, LinkRow>();
  const byGroup = new Map<string, OptionProduct[]>();
  const formSizes = cat.sizesByForm.get(`${p.product_number}:${formCode}`) ?? [];
  for (const [n, link] of links) {
    const o = cat.options.get(n);
    if (!o || !offeredOn(link, formCode)) continue;
    const list = byGroup.get(o.group_id) ?? [];
    list.push(optionProduct(o, link, formCode, formSizes, ctx));
    byGroup.set(o.group_id, list);
  }
  const productOptions: OptionCategory[] = cat.groups
    .filter((g) => !g.parent_id)
    .map((g) => ({
      id: g.group_id,
      name: g.name,
      selection: g.selection,
      products: byGroup.get(g.group_id) ?? [],
      children: cat.groups.filter((ch) => ch.parent_id === g.group_id).map((ch) => ({ id: ch.group_id, name: ch.name, selection: ch.selection, products: byGroup.get(ch.group_id) ?? [] })).filter((ch) => ch.products.length > 0),
    }))
    .filter((g) => g.products.length > 0 || g.children.length > 0);
  const category = cat.categoryById.get(p.category_id)!;
  const parent = category.parent_id ? cat.categoryById.get(category.parent_id)! : null;
  return {
    productNumber: p.product_number,
    formCode,
    name: p.name,
    description: p.description,
    productType: p.product_type,
    imageURL: imageUrl(p.image_key),
    imageAlt: p.name,
    availability: availability(cat, p, ctx),
    forms,
    sizes: forms[0]?.sizes ?? [],
    productOptions,
    maximumModifierAmount: ORDERING_LIMITS.maximumModifierAmount,
    menuPath: { menu: category.menu_id, category: parent ? parent.path : category.path, subcategory: parent ? category.path : null },
    storeNumber: ctx?.row.store_number ?? null,
    currency: ctx?.currency ?? 'USD',
    locale,
  };
}
