/**
 * The ordering API (docs/ordering-client.md): GraphQL operations of contracts/ordering.ts posted with `fetch` (each
 * operation's variables and answer are typed from the contract's schemas), and the REST product call. Answers are
 * validated with the contract; a failure rejects with a FlowError whose code is the GraphQL error's
 * `extensions.code` (pricing codes, ordering codes) and whose text the server gave. No GraphQL client library: the
 * documents are fixed strings, the query cache is TanStack Query, and urql cost the menu route 8 KB gzip.
 */
import * as v from 'valibot';
import { OrderingErrorExtensions, OrderingOperationSchemas, OrderingOperations, ProductResponse, type OrderingOperationName } from '../../contracts/ordering.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';
import type { FlowError } from '../../machines/flow.ts';
import { api, API_ROOT } from './api.ts';
import { readCsrfCookie } from './cookies.ts';

type Schemas = typeof OrderingOperationSchemas;
export type OpInput<N extends OrderingOperationName> = v.InferInput<Schemas[N]['input']>;
export type OpOutput<N extends OrderingOperationName> = v.InferOutput<Schemas[N]['output']>;

const FIELDS: Record<OrderingOperationName, string> = Object.fromEntries(
  Object.entries(OrderingOperations).map(([name, doc]) => [name, /\{\s*(\w+)\(/.exec(doc)![1]!]),
) as Record<OrderingOperationName, string>;

function flowErrorOf(status: number, ext: unknown, fallback: string): FlowError {
  const parsed = v.safeParse(OrderingErrorExtensions, ext);
  if (!parsed.success) return { status: status || 500, code: 'UNEXPECTED_ERROR', message: fallback || GENERIC_ERROR_MESSAGE, body: {} };
  const x = parsed.output;
  return { status: x.status, code: x.code, message: x.message || GENERIC_ERROR_MESSAGE, ...(x.field ? { field: x.field } : {}), body: { ...x } };
}

const networkError = (): FlowError => ({ status: 0, code: 'NETWORK_ERROR', message: GENERIC_ERROR_MESSAGE, body: {} });

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message?: string; extensions?: { status?: unknown } & Record<string, unknown> }>;
}

/** Runs one ordering operation; resolves with its answer field, validated. */
export async function orderingOp<N extends OrderingOperationName>(name: N, input: OpInput<N>, signal?: AbortSignal): Promise<OpOutput<N>> {
  let answer: GraphQLAnswer;
  try {
    // same origin with its cookies and the CSRF header (server/http/csrf.ts)
    const res = await fetch(`${API_ROOT}/graphql`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', 'x-csrf-token': readCsrfCookie() ?? '' },
      body: JSON.stringify({ query: OrderingOperations[name], variables: { input } }),
      ...(signal ? { signal } : {}),
    });
    answer = (await res.json()) as GraphQLAnswer;
  } catch (e) {
    if (signal?.aborted) throw e;
    throw networkError();
  }
  const first = answer.errors?.[0];
  if (first) throw flowErrorOf(Number(first.extensions?.status) || 500, first.extensions, first.message ?? '');
  if (!answer.data) throw networkError();
  const parsed = v.safeParse(OrderingOperationSchemas[name].output, answer.data[FIELDS[name]]);
  if (!parsed.success) throw { status: 500, code: 'UNEXPECTED_ERROR', message: GENERIC_ERROR_MESSAGE, body: {} } satisfies FlowError;
  return parsed.output as OpOutput<N>;
}

/** GET /apiproxy/v1/ordering/{productNumber}?storeNumber=&formCode= (Accept-Language) */
export function fetchProduct(input: { productNumber: number; formCode?: string; storeNumber?: string; locale?: string }, signal?: AbortSignal) {
  return api.get(`/ordering/${input.productNumber}`, {
    schema: ProductResponse,
    query: { ...(input.storeNumber ? { storeNumber: input.storeNumber } : {}), ...(input.formCode ? { formCode: input.formCode } : {}) },
    headers: { 'Accept-Language': input.locale ?? 'en-US' },
    ...(signal ? { signal } : {}),
  });
}
