import * as v from 'valibot';
import { AnsweredChildItem, Availability } from './ordering-fields.ts';

/**
 * The favorites' answers (GraphQL get-favorite-products, add-favorite-product, delete-favorite-product), apart from
 * contracts/ordering.ts, which re-exports them (docs/architecture.md#performance).
 */

export const FavoriteProduct = v.object({
  id: v.string(),
  product: v.object({
    productNumber: v.number(),
    formCode: v.string(),
    name: v.string(),
    imageURL: v.string(),
    availability: Availability,
    forms: v.array(v.object({ formCode: v.string(), name: v.string() })),
    sizes: v.array(v.object({ sku: v.string(), sizeCode: v.string(), name: v.string(), price: v.nullable(v.number()) })),
  }),
  /** the saved item: size sku and code, quantity, and each option with its number, name and level (sizeCode) */
  item: v.object({ commerce: v.object({ sku: v.string() }), sizeCode: v.string(), quantity: v.number(), childItems: v.array(AnsweredChildItem) }),
  /** the cart item key (product id, size code, sorted options): adding skips the server when it is already a favorite */
  itemKey: v.string(),
});
export type FavoriteProduct = v.InferOutput<typeof FavoriteProduct>;
export const FavoriteProductsResponse = v.object({ favoriteProducts: v.array(FavoriteProduct), ids: v.array(v.string()), locale: v.string(), storeNumber: v.nullable(v.string()) });
export type FavoriteProductsResponse = v.InferOutput<typeof FavoriteProductsResponse>;
export const AddFavoriteProductResponse = v.object({ favoriteProduct: FavoriteProduct, alreadyFavorite: v.boolean() });
export const DeleteFavoriteProductResponse = v.object({ favoriteProductId: v.string() });
