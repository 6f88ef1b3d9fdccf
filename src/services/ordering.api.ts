/**
 * The ordering API's REST call (the product). Its GraphQL operations are in src/services/ordering/*.graphql.ts,
 * one module per flow, each through the one GraphQL operation (src/services/graphql.ts).
 */
import { ProductResponse } from '../../contracts/ordering.ts';
import { api } from './api.ts';

/** GET /apiproxy/v1/ordering/{productNumber}?storeNumber=&formCode= (Accept-Language) */
export function fetchProduct(input: { productNumber: number; formCode?: string; storeNumber?: string; locale?: string }, signal?: AbortSignal) {
  return api.get(`/ordering/${input.productNumber}`, {
    schema: ProductResponse,
    query: { ...(input.storeNumber ? { storeNumber: input.storeNumber } : {}), ...(input.formCode ? { formCode: input.formCode } : {}) },
    headers: { 'Accept-Language': input.locale ?? 'en-US' },
    ...(signal ? { signal } : {}),
  });
}
