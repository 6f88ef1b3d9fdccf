/**
 * The ordering machines' real actors (docs/machines.md: each only sends its input). Reads go through the query
 * cache (one queryOptions per read) so that moving between menu pages does not fetch the menu again.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { MenuResponse, ProductResponse } from '../../contracts/ordering.ts';
import type { MenuRequest } from '../../machines/menu.machine.ts';
import { fetchProduct } from './ordering.api.ts';
import { getMenu } from './ordering/menu.graphql.ts';

export const menuQuery = (input: MenuRequest) =>
  queryOptions({
    queryKey: ['ordering', 'menu', input.storeNumber ?? null, input.locale],
    queryFn: ({ signal }) => getMenu(input, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export interface ProductRequest {
  productNumber: number;
  formCode: string;
  storeNumber?: string;
  locale: string;
}
export const productQuery = (input: ProductRequest) =>
  queryOptions({
    queryKey: ['ordering', 'product', input.productNumber, input.formCode, input.storeNumber ?? null, input.locale],
    queryFn: ({ signal }) => fetchProduct(input, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function menuActors(queryClient: QueryClient) {
  return {
    loadMenu: fromPromise<MenuResponse, MenuRequest>(({ input }) => queryClient.fetchQuery(menuQuery(input))),
  };
}
export function productActors(queryClient: QueryClient) {
  return {
    loadProduct: fromPromise<ProductResponse, ProductRequest>(({ input }) => queryClient.fetchQuery(productQuery(input))),
  };
}
