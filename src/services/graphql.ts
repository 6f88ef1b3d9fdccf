/**
 * The one urql client and the one GraphQL operation every area uses (docs/architecture.md#graphql). Documents are
 * written with gql.tada's `graphql()` (variables typed from schema.graphql), each next to the contract schema its
 * answer is validated with. A failure is the same ApiRequestError the REST client throws (src/services/api.ts):
 * the server's `extensions` ({ code, message, status, field?, ... }) become its status, code, message and body.
 */
import * as v from 'valibot';
import { Client, fetchExchange, type AnyVariables, type OperationContext, type TypedDocumentNode } from 'urql';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';
import { ApiErrorExtensions } from '../../contracts/error-extensions.ts';
import { API_ROOT, ApiRequestError, csrfToken } from './api.ts';

/** same origin, no document cache (the query cache is TanStack Query); each operation sets its fetch options */
export const graphqlClient = new Client({ url: `${API_ROOT}/graphql`, exchanges: [fetchExchange], requestPolicy: 'network-only' });

/** A GraphQL error as the REST client's error: the house extensions, or the generic failure without them. */
export function graphqlError(ext: unknown): ApiRequestError {
  const parsed = v.safeParse(ApiErrorExtensions, ext);
  if (!parsed.success) return new ApiRequestError(500, 'UNEXPECTED_ERROR', GENERIC_ERROR_MESSAGE);
  const { status, ...body } = parsed.output;
  return new ApiRequestError(status, body.code, body.message, body);
}

/**
 * Runs one document, with the CSRF header (fetched first when the cookie is missing, as REST does for every
 * state-changing call: a query may be POSTed too, when it is too long for a URL). Resolves with `data` validated by `answer`; rejects with an ApiRequestError (an abort rethrows
 * the abort).
 */
export async function graphqlOperation<Data, Variables extends AnyVariables, S extends v.GenericSchema>(
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  answer: S,
  signal?: AbortSignal,
): Promise<v.InferOutput<S>> {
  const def = document.definitions[0];
  const mutation = def?.kind === 'OperationDefinition' && def.operation === 'mutation';
  // a failed bootstrap leaves the header empty: the request itself then fails as the network or CSRF failure it is
  const token = await csrfToken().catch(() => '');
  const context: Partial<OperationContext> = { fetchOptions: () => ({ credentials: 'same-origin', headers: { 'x-csrf-token': token }, ...(signal ? { signal } : {}) }) };
  const result = mutation ? await graphqlClient.mutation(document, variables, context).toPromise() : await graphqlClient.query(document, variables, context).toPromise();
  signal?.throwIfAborted();
  if (result.error) {
    const first = result.error.graphQLErrors[0];
    throw first ? graphqlError(first.extensions) : new ApiRequestError(0, 'NETWORK_ERROR', GENERIC_ERROR_MESSAGE);
  }
  const parsed = v.safeParse(answer, result.data);
  if (!parsed.success) {
    console.error('[graphql] answer not as its contract', v.flatten(parsed.issues));
    throw new ApiRequestError(500, 'INVALID_RESPONSE', GENERIC_ERROR_MESSAGE);
  }
  return parsed.output;
}
