process.env.PASSWORD_HASH_LOG_N = '10';

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { ALLERGENS, codeOfDisplayName, sortAllergens } from '../../contracts/allergens.ts';
import { buildMenuRows, OPTION_ALLERGENS, OPTIONS } from '../db/seed/menu.ts';
import { op, productNo } from './test-helpers.ts';

/**
 * Issue 29 allergens (docs/order-status.md 3.9): option allergens, a size's base allergens, and what the menu and the
 * product answer. "As it comes" = base ∪ allergens of the default options, which must be the product's display list.
 */
const rows = buildMenuRows();
const displayCodes = (names: readonly string[]) => sortAllergens(names.map(codeOfDisplayName).filter((c) => c !== null));
const defaultOptionCodes = (productNumber: number, form: string, size: string) =>
  rows.links
    .filter((l) => l.product_number === productNumber && (l.default_quantity[`${form}:${size}`] ?? l.default_quantity[size] ?? 0) > 0)
    .flatMap((l) => OPTION_ALLERGENS[l.option_product_number] ?? []);

describe('seeded allergens', () => {
  it('options carry the table of 3.9 (milk for dairy and toppings, tree nuts for almondmilk, soy for soymilk and mocha)', () => {
    const byName = Object.fromEntries(OPTIONS.map((o) => [o.name, o.allergens]));
    expect(byName).toMatchObject({
      '2% Milk': ['milk'], 'Whole Milk': ['milk'], 'Nonfat Milk': ['milk'], 'Breve (Half & Half)': ['milk'],
      Oatmilk: [], Almondmilk: ['tree_nuts'], Soymilk: ['soy'], Coconutmilk: [],
      'Mocha Sauce': ['soy'], 'White Chocolate Mocha Sauce': ['milk', 'soy'], 'Pumpkin Spice Sauce': ['milk'],
      'Whipped Cream': ['milk'], 'Caramel Drizzle': ['milk'], 'Vanilla Sweet Cream Cold Foam': ['milk'], 'Cinnamon Dolce Topping': ['milk'],
      'Vanilla Syrup': [], 'Espresso Shots': [], Ice: [], 'Tea Bags': [], Warmed: [],
    });
    for (const o of OPTIONS) for (const a of o.allergens) expect(ALLERGENS).toContain(a);
  });

  it('every seeded size: base ∪ default options = its display allergens as codes (Oats is not one of the nine)', () => {
    const wrong: string[] = [];
    for (const s of rows.sizes) {
      const asItComes = sortAllergens([...s.base_allergens, ...defaultOptionCodes(s.product_number, s.form_code, s.size_code)]);
      if (JSON.stringify(asItComes) !== JSON.stringify(displayCodes(s.allergens))) wrong.push(`${s.sku}: ${asItComes.join(',')} ≠ ${s.allergens.join(',')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a latte has no base allergens (its milk is the 2% option); food keeps its own; almondmilk drinks get tree nuts from the milk', () => {
    const size = (name: string, sizeCode = 'grande', form?: string) => rows.sizes.find((s) => s.product_number === productNo(name) && s.size_code === sizeCode && (!form || s.form_code === form))!;
    expect(size('Caffè Latte').base_allergens).toEqual([]);
    expect(size('Caffè Latte', 'grande', 'iced').base_allergens).toEqual([]);
    expect(size('Caffè Mocha').base_allergens).toEqual([]);
    expect(size('Espresso Con Panna', 'doppio').base_allergens).toEqual(['milk']);
    expect(size('Butter Croissant', 'each').base_allergens).toEqual(['milk', 'egg', 'wheat']);
    expect(size('Honey Almondmilk Flat White').base_allergens).toEqual([]);
    expect(size('Pink Drink').base_allergens).toEqual(['tree_nuts']);
    expect(size('Oatmilk Honey Latte').base_allergens).toEqual([]);
  });
});

forEachDb('allergens in the menu and product answers', ({ db }) => {
  it('tiles, sizes and options answer codes of the nine', async () => {
    const c = testClient(appFor(db()));
    const menu = (await op(c, 'get-menu', { storeNumber: '10003' })).data;
    const tiles = new Map<string, string[]>();
    const walk = (list: Array<{ name: string; allergens: string[] }>) => list.forEach((t) => tiles.set(t.name, t.allergens));
    for (const m of menu.menus) for (const cat of m.categories) {
      walk(cat.products);
      for (const s of cat.subcategories) walk(s.products);
    }
    expect(tiles.get('Caffè Latte')).toEqual(['milk']);
    expect(tiles.get('Caffè Americano')).toEqual([]);
    expect(tiles.get('Caffè Mocha')).toEqual(['milk', 'soy']);
    expect(tiles.get('Butter Croissant')).toEqual(['milk', 'egg', 'wheat']);
    expect(tiles.get('Oatmilk Honey Latte')).toEqual([]);
    expect(tiles.get('Salted Almonds')).toEqual(['tree_nuts']);
    expect(tiles.get('Chicken & Hummus Protein Box')).toEqual(['wheat', 'sesame']);

    const latte = (await op(c, 'get-product', { productNumber: productNo('Caffè Latte'), formCode: 'hot', storeNumber: '10003' })).data.products[0];
    expect(latte.sizes.map((s: { sizeCode: string; allergenCodes: string[]; baseAllergens: string[]; allergens: string[] }) => [s.sizeCode, s.allergenCodes, s.baseAllergens, s.allergens])).toEqual([
      ['short', ['milk'], [], ['Milk']],
      ['tall', ['milk'], [], ['Milk']],
      ['grande', ['milk'], [], ['Milk']],
      ['venti', ['milk'], [], ['Milk']],
    ]);
    const milk = latte.productOptions.find((g: { id: string }) => g.id === 'milk').products as Array<{ name: string; allergens: string[] }>;
    expect(Object.fromEntries(milk.map((o) => [o.name, o.allergens]))).toMatchObject({ '2% Milk': ['milk'], Almondmilk: ['tree_nuts'], Soymilk: ['soy'], Oatmilk: [] });
  });

  it('migration 083 fills a database seeded before it the same as the seed', async () => {
    const d = db();
    const snapshot = async () => ({
      options: (await d.query<{ n: number; a: string[] }>('select option_product_number as n, allergens as a from menu_options order by 1')).rows,
      sizes: (await d.query<{ sku: string; a: string[] }>('select sku, base_allergens as a from menu_sizes order by 1')).rows,
    });
    const seeded = await snapshot();
    expect(seeded.sizes.length).toBeGreaterThan(300);
    const sql = await readFile(new URL('../db/migrations/083_allergens.sql', import.meta.url), 'utf8');
    const updates = sql.slice(sql.indexOf('update menu_options'));
    await d.transaction(async (tx) => {
      await tx.query(`update menu_options set allergens = '{}'`);
      await tx.query(`update menu_sizes set base_allergens = '{}'`);
      for (const stmt of updates.split(/;\s*\n/).map((x) => x.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean)) await tx.query(stmt);
    });
    expect(await snapshot()).toEqual(seeded);
  });

  it('the database refuses an allergen outside the nine', async () => {
    await expect(db().query(`update menu_options set allergens = '{gluten}' where option_product_number = 401`)).rejects.toThrow(/menu_options_allergens_known/);
  });
});
