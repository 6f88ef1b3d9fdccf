/**
 * The one urql client and the one GraphQL operation every area uses (docs/architecture.md#graphql). Documents are
 * written with gql.tada's `graphql()` (variables typed from schema.graphql), each next to the contract schema its
 * answer is validated with. A failure is the same ApiRequestError the REST client throws (src/services/api.ts):
 * the server's `extensions` ({ code, message, status, field?, ... }) become its status, code, message and body.
 */
import * as v from 'valibot';
import { Client, stringifyVariables, subscriptionExchange, type AnyVariables, type ExecutionResult, type OperationContext, type SubscriptionForwarder, type TypedDocumentNode } from 'urql';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';
import { ApiErrorExtensions } from '../../contracts/error-extensions.ts';
import { API_ROOT, ApiRequestError, csrfToken } from './api.ts';

const URL = `${API_ROOT}/graphql`;
/** urql's `fetchExchange` sends this Accept; kept, so the server answers as it did */
const ACCEPT = 'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed';

/**
 * The request of one operation, as urql's `fetchExchange` makes it (a query by GET within urql's URL limit of 2,047
 * characters, else POST; the same parameters, headers and body), answering one JSON result. In place of
 * `fetchExchange`, whose multipart, event-stream and file-upload code no operation here uses, so it is not on the
 * GraphQL pages' first load (docs/architecture.md#performance). A failure without a GraphQL result is a network
 * error, as there: the status text of a non-2xx answer, else the parse error or 'No Content'.
 */
export const sendOperation: SubscriptionForwarder = (request, operation) => ({
  subscribe(sink) {
    const abort = new AbortController();
    const options = (typeof operation.context.fetchOptions === 'function' ? operation.context.fetchOptions() : operation.context.fetchOptions) ?? {};
    const headers: Record<string, string> = { accept: ACCEPT };
    for (const [k, val] of Object.entries((options.headers ?? {}) as Record<string, string>)) headers[k.toLowerCase()] = val;
    let url = URL;
    let body: string | undefined;
    if (operation.kind === 'query') {
      const params = new URLSearchParams();
      for (const [k, val] of Object.entries(request)) if (val) params.set(k, typeof val === 'object' ? stringifyVariables(val) : String(val));
      url = `${URL}?${params}`;
    }
    if (operation.kind !== 'query' || url.length > 2047) {
      url = URL;
      body = stringifyVariables(request);
      headers['content-type'] ??= 'application/json';
    }
    let response: Response | undefined;
    void (async () => {
      try {
        response = await fetch(url, { ...options, method: body ? 'POST' : 'GET', body, headers, signal: abort.signal });
        const text = await response.text();
        let result: unknown;
        if (!/text\//i.test(response.headers.get('Content-Type') ?? '')) result = JSON.parse(text);
        else {
          try {
            result = JSON.parse(text);
          } catch {
            throw new Error(text);
          }
        }
        // urql's makeResult (in subscriptionExchange) throws 'No Content' into this catch for an answer without data or errors
        sink.next(result as ExecutionResult);
        sink.complete();
      } catch (e) {
        if (abort.signal.aborted) return;
        sink.error(response && (response.status < 200 || response.status >= 300) && response.statusText ? new Error(response.statusText) : e);
      }
    })();
    return { unsubscribe: () => abort.abort() };
  },
});

/** same origin, no document cache (the query cache is TanStack Query); each operation sets its fetch options */
export const graphqlClient = new Client({ url: URL, exchanges: [subscriptionExchange({ forwardSubscription: sendOperation, enableAllOperations: true })], requestPolicy: 'network-only' });

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
