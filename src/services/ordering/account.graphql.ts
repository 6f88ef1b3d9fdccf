/** A member's previous orders and favorites (get / add / delete) through the one GraphQL operation. */
import { graphql } from 'gql.tada';
import * as v from 'valibot';
import { AddFavoriteProductResponse, DeleteFavoriteProductResponse, FavoriteProductsResponse, PreviousOrdersResponse, type AddFavoriteProductInput, type GetFavoriteProductsInput } from '../../../contracts/ordering.ts';
import type { PreviousOrdersRequest } from '../../../machines/previous-orders.machine.ts';
import { graphqlOperation } from '../graphql.ts';
import { AnsweredChildItemFields, FavoriteFields } from './fragments.ts';

export const documents = {
  'get-previous-orders': graphql(
    `
    query GetPreviousOrders($input: GetPreviousOrdersInput!) {
      previousOrders(input: $input) {
        locale storeNumber
        previousOrders {
          orderId orderType locale storeNumber placedAt total currency
          expressOrder { orderToken }
          basket { items { quantity product { productNumber formCode name imageURL availability } size { sku sizeCode name } childItems { ...AnsweredChildItemFields } } }
        }
      }
    }
  `,
    [AnsweredChildItemFields],
  ),
  'get-favorite-products': graphql(
    `query GetFavoriteProducts($input: GetFavoriteProductsInput!) { favoriteProducts(input: $input) { ids locale storeNumber favoriteProducts { ...FavoriteFields } } }`,
    [FavoriteFields],
  ),
  'add-favorite-product': graphql(`mutation AddFavoriteProduct($input: AddFavoriteProductInput!) { addFavoriteProduct(input: $input) { alreadyFavorite favoriteProduct { ...FavoriteFields } } }`, [FavoriteFields]),
  'delete-favorite-product': graphql(`mutation DeleteFavoriteProduct($input: DeleteFavoriteProductInput!) { deleteFavoriteProduct(input: $input) { favoriteProductId } }`),
};
export const answers = {
  'get-previous-orders': v.object({ previousOrders: PreviousOrdersResponse }),
  'get-favorite-products': v.object({ favoriteProducts: FavoriteProductsResponse }),
  'add-favorite-product': v.object({ addFavoriteProduct: AddFavoriteProductResponse }),
  'delete-favorite-product': v.object({ deleteFavoriteProduct: DeleteFavoriteProductResponse }),
};

const run = graphqlOperation;
export const getPreviousOrders = async (input: PreviousOrdersRequest, signal?: AbortSignal) =>
  (await run(documents['get-previous-orders'], { input }, answers['get-previous-orders'], signal)).previousOrders;
export const getFavoriteProducts = async (input: v.InferInput<typeof GetFavoriteProductsInput>, signal?: AbortSignal) =>
  (await run(documents['get-favorite-products'], { input }, answers['get-favorite-products'], signal)).favoriteProducts;
export const addFavoriteProduct = async (input: v.InferInput<typeof AddFavoriteProductInput>) => (await run(documents['add-favorite-product'], { input }, answers['add-favorite-product'])).addFavoriteProduct;
export const deleteFavoriteProduct = async (input: { favoriteProductId: string; locale?: string }) =>
  (await run(documents['delete-favorite-product'], { input }, answers['delete-favorite-product'])).deleteFavoriteProduct;
