/**
 * The ordering API (docs/ordering.md): GraphQL operations of contracts/ordering.ts through the one urql client
 * (typed documents: each operation's variables and answer are typed from the contract's schemas), and the REST
 * product call. Answers are validated with the contract; a failure rejects with a FlowError whose code is the
 * GraphQL error's `extensions.code` (pricing codes, ordering codes) and whose text the server gave.
 */
import * as v from 'valibot';
import { gql, type TypedDocumentNode } from 'urql';
import { OrderingErrorExtensions, OrderingOperationSchemas, OrderingOperations, ProductResponse, type OrderingOperationName } from '../../contracts/ordering.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';
import type { FlowError } from '../../machines/flow.ts';
import { api } from './api.ts';
import { graphqlClient } from './graphql.ts';
import { readCsrfCookie } from './cookies.ts';

type Schemas = typeof OrderingOperationSchemas;
export type OpInput<N extends OrderingOperationName> = v.InferInput<Schemas[N]['input']>;
export type OpOutput<N extends OrderingOperationName> = v.InferOutput<Schemas[N]['output']>;

const FIELDS: Record<OrderingOperationName, string> = Object.fromEntries(
  Object.entries(OrderingOperations).map(([name, doc]) => [name, /\{\s*(\w+)\(/.exec(doc)![1]!]),
) as Record<OrderingOperationName, string>;

const documents = new Map<OrderingOperationName, TypedDocumentNode<Record<string, unknown>, { input: unknown }>>();
/** the typed document of an operation (parsed once) */
export function orderingDocument<N extends OrderingOperationName>(name: N): TypedDocumentNode<Record<string, OpOutput<N>>, { input: OpInput<N> }> {
  let doc = documents.get(name);
  if (!doc) {
    doc = gql<Record<string, unknown>, { input: unknown }>(OrderingOperations[name]);
    documents.set(name, doc);
  }
  return doc as never;
}

function flowErrorOf(status: number, ext: unknown, fallback: string): FlowError {
  const parsed = v.safeParse(OrderingErrorExtensions, ext);
  if (!parsed.success) return { status: status || 500, code: 'UNEXPECTED_ERROR', message: fallback || GENERIC_ERROR_MESSAGE, body: {} };
  const x = parsed.output;
  return { status: x.status, code: x.code, message: x.message || GENERIC_ERROR_MESSAGE, ...(x.field ? { field: x.field } : {}), body: { ...x } };
}

/** Runs one ordering operation; resolves with its answer field, validated. */
export async function orderingOp<N extends OrderingOperationName>(name: N, input: OpInput<N>, signal?: AbortSignal): Promise<OpOutput<N>> {
  const doc = orderingDocument(name);
  const isMutation = OrderingOperations[name].startsWith('mutation');
  // an operation's fetchOptions replace the client's: keep its credentials and CSRF header (server/http/csrf.ts)
  const context = { fetchOptions: () => ({ credentials: 'same-origin' as const, headers: { 'x-csrf-token': readCsrfCookie() ?? '' }, ...(signal ? { signal } : {}) }) };
  const result = isMutation ? await graphqlClient.mutation(doc, { input }, context).toPromise() : await graphqlClient.query(doc, { input }, context).toPromise();
  if (result.error) {
    const first = result.error.graphQLErrors[0];
    if (first) throw flowErrorOf(Number((first.extensions as { status?: unknown })?.status) || 500, first.extensions, first.message);
    throw { status: 0, code: 'NETWORK_ERROR', message: GENERIC_ERROR_MESSAGE, body: {} } satisfies FlowError;
  }
  const data = result.data?.[FIELDS[name]];
  const parsed = v.safeParse(OrderingOperationSchemas[name].output, data);
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
