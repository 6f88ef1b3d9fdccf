/**
 * The product page's read (REST: GET /apiproxy/v1/ordering/{productNumber}), its query (through the query cache)
 * and the product machine's real actor (docs/machines.md: each only sends its input).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { ProductResponse } from '../../../contracts/ordering-product.ts';
import { productRequest } from '../../../machines/product.machine.ts';
import { defaultLocale } from '../format.ts';
import { sessionQuery } from '../session.ts';
import { chosenStore, quietly, type LoaderContext } from './loader-context.ts';
import { pricingRulesQuery } from './pricing-rules.graphql.ts';
import { loadFavorites } from './favorites.ts';
import { api } from '../api.ts';

/** GET /apiproxy/v1/ordering/{productNumber}?storeNumber=&formCode= (Accept-Language) */
export function fetchProduct(input: { productNumber: number; formCode?: string; storeNumber?: string; locale?: string }, signal?: AbortSignal) {
  return api.get(`/ordering/${input.productNumber}`, {
    schema: ProductResponse,
    query: { ...(input.storeNumber ? { storeNumber: input.storeNumber } : {}), ...(input.formCode ? { formCode: input.formCode } : {}) },
    headers: { 'Accept-Language': input.locale ?? 'en-US' },
    ...(signal ? { signal } : {}),
  });
}

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

/** the product machine's request; adding to the bag is no request: the machine asks the app's cart actor (src/services/cart.ts) */
export function productActors(queryClient: QueryClient) {
  return {
    loadProduct: fromPromise<ProductResponse, ProductRequest>(({ input }) => queryClient.fetchQuery(productQuery(input))),
  };
}

/** the product pages' loader: the product, the store's pricing rules for this caller and (members) the favorites, at once */
export async function loadProduct(ctx: LoaderContext, params: { productNumber: string; formCode: string }) {
  const { queryClient } = ctx;
  const storeNumber = chosenStore(ctx);
  const session = await queryClient.ensureQueryData(sessionQuery).catch(() => null);
  const request = productRequest({ context: { productNumber: Number(params.productNumber), formCode: params.formCode, storeNumber, locale: defaultLocale() } });
  await Promise.all([quietly(queryClient.ensureQueryData(productQuery(request)).then(preloadProductImage)), quietly(queryClient.ensureQueryData(pricingRulesQuery(storeNumber, !session?.signedIn))), loadFavorites(ctx)]);
}

/**
 * The product's image is the page's largest paint: its download starts as soon as the product's answer is in,
 * alongside the pricing rules and favorites the page still waits for, instead of after the page's render
 * (docs/architecture.md#performance). A preload link the image element then finds in the cache.
 */
export function preloadProductImage(answer: ProductResponse): void {
  const href = answer.products[0]?.imageURL;
  if (!href || typeof document === 'undefined') return;
  if ([...document.querySelectorAll('link[rel="preload"][as="image"]')].some((l) => l.getAttribute('href') === href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}
