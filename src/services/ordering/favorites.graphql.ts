/** A member's favorites (get / add / delete; the menu pages' favorites machine) through the one GraphQL operation. */
import * as v from 'valibot';
import type { AddFavoriteProductInput, GetFavoriteProductsInput } from '../../../contracts/ordering.ts';
import { AddFavoriteProductResponse, DeleteFavoriteProductResponse, FavoriteProductsResponse } from '../../../contracts/ordering-favorites.ts';
import { graphql } from '../../graphql/graphql.ts';
import { graphqlOperation } from '../graphql.ts';

const FavoriteFields = graphql(`fragment FavoriteFields on Favorite { id itemKey product { productNumber formCode name imageURL availability forms { formCode name } sizes { sku sizeCode name price } } item { commerce { sku } sizeCode quantity childItems { commerce { sku } optionProductNumber name sizeCode quantity } } }`);

export const documents = {
  'get-favorite-products': graphql(`query GetFavoriteProducts($input: GetFavoriteProductsInput!) { favoriteProducts(input: $input) { ids locale storeNumber favoriteProducts { ...FavoriteFields } } }`, [FavoriteFields]),
  'add-favorite-product': graphql(`mutation AddFavoriteProduct($input: AddFavoriteProductInput!) { addFavoriteProduct(input: $input) { alreadyFavorite favoriteProduct { ...FavoriteFields } } }`, [FavoriteFields]),
  'delete-favorite-product': graphql(`mutation DeleteFavoriteProduct($input: DeleteFavoriteProductInput!) { deleteFavoriteProduct(input: $input) { favoriteProductId } }`),
};
export const answers = {
  'get-favorite-products': v.object({ favoriteProducts: FavoriteProductsResponse }),
  'add-favorite-product': v.object({ addFavoriteProduct: AddFavoriteProductResponse }),
  'delete-favorite-product': v.object({ deleteFavoriteProduct: DeleteFavoriteProductResponse }),
};

const run = graphqlOperation;
export const getFavoriteProducts = async (input: v.InferInput<typeof GetFavoriteProductsInput>, signal?: AbortSignal) =>
  (await run(documents['get-favorite-products'], { input }, answers['get-favorite-products'], signal)).favoriteProducts;
export const addFavoriteProduct = async (input: v.InferInput<typeof AddFavoriteProductInput>) => (await run(documents['add-favorite-product'], { input }, answers['add-favorite-product'])).addFavoriteProduct;
export const deleteFavoriteProduct = async (input: { favoriteProductId: string; locale?: string }) =>
  (await run(documents['delete-favorite-product'], { input }, answers['delete-favorite-product'])).deleteFavoriteProduct;
