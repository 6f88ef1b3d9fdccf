import * as v from 'valibot';
import { Availability, Currency } from './ordering-fields.ts';
import { AllergenCode } from './allergens.ts';

/**
 * The product's answers (GraphQL get-product; REST GET /apiproxy/v1/ordering/{productNumber}), apart from
 * contracts/ordering.ts, which re-exports their types: only the product pages read these (see ordering-menu.ts).
 */

export const Nutrition = v.object({
  servingSize: v.string(),
  calories: v.number(),
  totalFatG: v.number(),
  saturatedFatG: v.number(),
  transFatG: v.number(),
  cholesterolMg: v.number(),
  sodiumMg: v.number(),
  totalCarbohydratesG: v.number(),
  dietaryFiberG: v.number(),
  sugarsG: v.number(),
  proteinG: v.number(),
  caffeineMg: v.nullable(v.number()),
});
export type Nutrition = v.InferOutput<typeof Nutrition>;

export const ProductSize = v.object({
  sku: v.string(),
  sizeCode: v.string(),
  name: v.string(),
  /** e.g. "12 fl oz" */
  displaySize: v.nullable(v.string()),
  isDefault: v.boolean(),
  /** price at the store (minor units); null on the national menu */
  price: v.nullable(v.number()),
  nutrition: Nutrition,
  /** display names of the size as it comes (may hold names outside the nine, e.g. 'Oats') */
  allergens: v.array(v.string()),
  /** allergen codes of the size as it comes (base and default options) */
  allergenCodes: v.array(AllergenCode),
  /** allergen codes of the size without any option (an item's = these ∪ its options' with quantity > 0) */
  baseAllergens: v.array(AllergenCode),
});
export type ProductSize = v.InferOutput<typeof ProductSize>;

export const OptionSize = v.object({ sku: v.string(), sizeCode: v.string(), name: v.string() });
export const OptionProduct = v.object({
  /** childItems' optionProductNumber */
  optionProductNumber: v.number(),
  name: v.string(),
  /** sku of the option when it has no sizes (quantity options: shots, pumps) */
  sku: v.string(),
  /** 'quantity' (count 0..maxQuantity), 'select' (one of a group, e.g. milk), 'size' (no/light/medium/extra) */
  kind: v.picklist(['quantity', 'select', 'size']),
  attributes: v.object({ unitOfMeasure: v.nullable(v.string()) }),
  /** per size code of the product: default quantity (0 = not included) */
  defaultQuantity: v.record(v.string(), v.number()),
  maxQuantity: v.number(),
  /** price of each unit above the default (minor units, at the store; base price on the national menu) */
  unitPrice: v.number(),
  sizes: v.array(OptionSize),
  defaultSizeCode: v.nullable(v.string()),
  /** allergen codes the option brings when its quantity is above 0 */
  allergens: v.array(AllergenCode),
});
export type OptionProduct = v.InferOutput<typeof OptionProduct>;

export const OptionCategory = v.object({
  id: v.string(),
  name: v.string(),
  /** 'select' groups take one product (milk); others any within limits */
  selection: v.picklist(['single', 'multiple']),
  products: v.array(OptionProduct),
  children: v.array(v.object({ id: v.string(), name: v.string(), selection: v.picklist(['single', 'multiple']), products: v.array(OptionProduct) })),
});
export type OptionCategory = v.InferOutput<typeof OptionCategory>;

export const ProductForm = v.object({ formCode: v.string(), name: v.string(), sizes: v.array(ProductSize) });

export const ProductDetail = v.object({
  productNumber: v.number(),
  formCode: v.string(),
  name: v.string(),
  description: v.string(),
  productType: v.picklist(['Beverage', 'Food', 'Merchandise']),
  imageURL: v.string(),
  imageAlt: v.string(),
  availability: Availability,
  /** forms[0] is the requested form; other forms of the same product follow */
  forms: v.array(ProductForm),
  sizes: v.array(ProductSize),
  productOptions: v.array(OptionCategory),
  maximumModifierAmount: v.number(),
  /** menu path of the product's category (for the breadcrumb) */
  menuPath: v.object({ menu: v.string(), category: v.string(), subcategory: v.nullable(v.string()) }),
  storeNumber: v.nullable(v.string()),
  currency: Currency,
  locale: v.string(),
});
export type ProductDetail = v.InferOutput<typeof ProductDetail>;

/** REST answer (and get-product's): the spec reads products[0] and productOptions */
export const ProductResponse = v.object({ products: v.array(ProductDetail) });
export type ProductResponse = v.InferOutput<typeof ProductResponse>;

