import * as v from 'valibot';
import { Availability, Currency } from './ordering-fields.ts';
import { AllergenCode } from './allergens.ts';

/**
 * The menu's answers (GraphQL get-menu, similar-items), apart from contracts/ordering.ts, which re-exports their
 * types: a module's valibot schemas are all in every page that loads it (docs/architecture.md#performance), and
 * only the menu pages read these. The product's: contracts/ordering-product.ts.
 */

// Menu (GraphQL get-menu)

export const ProductTile = v.object({
  productNumber: v.number(),
  formCode: v.string(),
  name: v.string(),
  /** local SVG art: /images/menu/{imageKey}.svg */
  imageURL: v.string(),
  imageAlt: v.string(),
  availability: Availability,
  /** lowest price of the default form at this store (minor units), null on the national menu */
  priceFrom: v.nullable(v.number()),
  productType: v.picklist(['Beverage', 'Food', 'Merchandise']),
  featured: v.boolean(),
  /** calories of the default size */
  calories: v.number(),
  /** allergen codes of the default form's sizes as they come (issue 29: the menu's allergen filter reads them) */
  allergens: v.array(AllergenCode),
});
export type ProductTile = v.InferOutput<typeof ProductTile>;

export const MenuSubcategory = v.object({
  id: v.string(),
  name: v.string(),
  /** URL segment: /menu/{menu.path}/{category.path}/{subcategory.path} */
  path: v.string(),
  products: v.array(ProductTile),
});
export const MenuCategory = v.object({
  id: v.string(),
  name: v.string(),
  path: v.string(),
  imageURL: v.string(),
  /** non-empty: the category page shows one section; else one section per subcategory (spec 2) */
  products: v.array(ProductTile),
  subcategories: v.array(MenuSubcategory),
});
export type MenuCategory = v.InferOutput<typeof MenuCategory>;
export const Menu = v.object({ id: v.string(), name: v.string(), path: v.string(), categories: v.array(MenuCategory) });
export type Menu = v.InferOutput<typeof Menu>;

/**
 * get-menu answer. Failures (GraphQL errors): STORE_NOT_FOUND 404; MENU_LOAD_ERROR 500 (client: 'Could not load
 * menus for this store. Showing national menu.', clear the store, fetch without a store); EMPTY_MENU 404.
 * A store that does not take mobile orders answers its menu with `menuAvailable: false` ('Menu not available for
 * this store.').
 */
export const MenuResponse = v.object({
  menus: v.array(Menu),
  storeNumber: v.nullable(v.string()),
  national: v.boolean(),
  menuAvailable: v.boolean(),
  locale: v.string(),
  currency: Currency,
  /** the CA tax-inclusive note applies at this store */
  taxIncludedNote: v.boolean(),
  /** the store takes only stored-value cards (notice 'This store only accepts … Cards as payment to order ahead') */
  svcOnly: v.boolean(),
  featured: v.array(ProductTile),
});
export type MenuResponse = v.InferOutput<typeof MenuResponse>;

/** similar-items: other products of the same category that the store sells */
export const SimilarItemsResponse = v.object({ productNumber: v.number(), products: v.array(ProductTile) });
