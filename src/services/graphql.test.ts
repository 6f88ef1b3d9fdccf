import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { graphql } from '../graphql/graphql.ts';
import { apiRequest, ApiRequestError } from './api.ts';
import { graphqlOperation } from './graphql.ts';
import { cardsApi } from './cards.actors.ts';
import { errorText } from './flow-error.ts';

/** the one GraphQL operation (docs/architecture.md#graphql): its failures are the REST client's, its answers checked */
const respond = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const Slots = graphql(`query GetStoreTimeSlots($input: StoreNumberInput!) { storeTimeSlots(input: $input) { storeNumber } }`);
const Answer = v.object({ storeTimeSlots: v.object({ storeNumber: v.string() }) });
const DeleteFavorite = graphql(`mutation DeleteFavoriteProduct($input: DeleteFavoriteProductInput!) { deleteFavoriteProduct(input: $input) { favoriteProductId } }`);
const run = () => graphqlOperation(Slots, { input: { storeNumber: '10003' } }, Answer);

describe('graphqlOperation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'csrf=; max-age=0';
  });

  it('resolves with the answer validated by its contract', async () => {
    vi.stubGlobal('fetch', respond(200, { data: { storeTimeSlots: { storeNumber: '10003' } } }));
    await expect(run()).resolves.toEqual({ storeTimeSlots: { storeNumber: '10003' } });
  });

  it('an answer that does not match its contract is the REST client’s INVALID_RESPONSE', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', respond(200, { data: { storeTimeSlots: { storeNumber: 10003 } } }));
    const gql = await run().catch((e: unknown) => e);
    vi.stubGlobal('fetch', respond(200, { a: 'x' }));
    const rest = await apiRequest('GET', '/x', { schema: v.object({ a: v.number() }) }).catch((e: unknown) => e);
    expect(gql).toBeInstanceOf(ApiRequestError);
    expect({ ...(gql as ApiRequestError), message: (gql as Error).message }).toEqual({ ...(rest as ApiRequestError), message: (rest as Error).message });
  });

  it('a GraphQL error becomes the same ApiRequestError as the same failure over REST (status, code, text, field, extras)', async () => {
    const body = { code: 'INSUFFICIENT_BALANCE', message: 'Not enough on this card.', field: 'tenders', balance: 250, reloadOptions: [1000] };
    vi.stubGlobal('fetch', respond(200, { errors: [{ message: body.message, extensions: { ...body, status: 402 } }], data: null }));
    const gql = (await run().catch((e: unknown) => e)) as ApiRequestError;
    vi.stubGlobal('fetch', respond(402, body));
    const rest = (await apiRequest('POST', '/x', { body: {} }).catch((e: unknown) => e)) as ApiRequestError;
    expect(gql).toBeInstanceOf(ApiRequestError);
    for (const e of [gql, rest]) expect([e.status, e.code, e.message, e.field, e.body]).toEqual([402, 'INSUFFICIENT_BALANCE', 'Not enough on this card.', 'tenders', body]);
    expect(errorText(gql)).toBe(errorText(rest));
  });

  it('an error without the house extensions (a masked 5xx) is the generic failure; a network failure is REST’s', async () => {
    vi.stubGlobal('fetch', respond(200, { errors: [{ message: 'Unexpected error.' }], data: null }));
    const masked = (await run().catch((e: unknown) => e)) as ApiRequestError;
    expect([masked.status, masked.code, masked.isServerError]).toEqual([500, 'UNEXPECTED_ERROR', true]);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const gql = (await run().catch((e: unknown) => e)) as ApiRequestError;
    const rest = (await apiRequest('GET', '/x').catch((e: unknown) => e)) as ApiRequestError;
    expect([gql.status, gql.code, gql.message]).toEqual([rest.status, rest.code, rest.message]);
  });

  it('a mutation carries the CSRF header, fetched first when the cookie is missing (as REST does)', async () => {
    const f = vi.fn(async (url: string) => {
      if (String(url).endsWith('/session')) {
        document.cookie = 'csrf=fresh123';
        return new Response('{}', { status: 200 });
      }
      return new Response(JSON.stringify({ data: { deleteFavoriteProduct: { favoriteProductId: 'fav_12345678' } } }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', f);
    await graphqlOperation(DeleteFavorite, { input: { favoriteProductId: 'fav_12345678' } }, v.object({ deleteFavoriteProduct: v.object({ favoriteProductId: v.string() }) }));
    const graphqlCall = f.mock.calls.find(([url]) => String(url).endsWith('/graphql'))! as unknown as [string, RequestInit];
    expect(new Headers(graphqlCall[1].headers).get('x-csrf-token')).toBe('fresh123');
  });
});

describe('the request of an operation (as urql’s fetchExchange made it before the app’s own transport)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'csrf=; max-age=0';
  });
  const answer = { data: { storeTimeSlots: { storeNumber: '10003' } } };
  const sent = (f: ReturnType<typeof respond>) => f.mock.calls.find((c) => String((c as unknown[])[0]).includes('/graphql')) as unknown as [string, RequestInit];

  it('a query is a GET with query, operationName and variables in the URL; a longer one or a mutation a JSON POST', async () => {
    document.cookie = 'csrf=tok';
    let f = respond(200, answer);
    vi.stubGlobal('fetch', f);
    await run();
    let [url, init] = sent(f);
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    const q = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/apiproxy/v1/graphql?query=')).toBe(true);
    expect(q.get('operationName')).toBe('GetStoreTimeSlots');
    expect(q.get('variables')).toBe('{"input":{"storeNumber":"10003"}}');
    expect(q.get('query')).toContain('query GetStoreTimeSlots');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('accept')).toBe('application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed');
    expect(new Headers(init.headers).get('x-csrf-token')).toBe('tok');

    f = respond(200, answer);
    vi.stubGlobal('fetch', f);
    await graphqlOperation(Slots, { input: { storeNumber: 'x'.repeat(2100) } }, Answer);
    [url, init] = sent(f);
    expect([url, init.method, new Headers(init.headers).get('content-type')]).toEqual(['/apiproxy/v1/graphql', 'POST', 'application/json']);
    expect(JSON.parse(String(init.body))).toMatchObject({ operationName: 'GetStoreTimeSlots', variables: { input: { storeNumber: 'x'.repeat(2100) } } });

    f = respond(200, { data: { deleteFavoriteProduct: { favoriteProductId: 'fav_12345678' } } });
    vi.stubGlobal('fetch', f);
    await graphqlOperation(DeleteFavorite, { input: { favoriteProductId: 'fav_12345678' } }, v.object({ deleteFavoriteProduct: v.object({ favoriteProductId: v.string() }) }));
    [url, init] = sent(f);
    expect([url, init.method]).toEqual(['/apiproxy/v1/graphql', 'POST']);
    expect(JSON.parse(String(init.body))).toMatchObject({ operationName: 'DeleteFavoriteProduct', variables: { input: { favoriteProductId: 'fav_12345678' } } });
  });

  it('an answer that is no GraphQL result is the network failure; a JSON result sent as text is read', async () => {
    const network = { status: 0, code: 'NETWORK_ERROR' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/plain' } })));
    expect(await run().catch((e: unknown) => e)).toMatchObject(network);
    vi.stubGlobal('fetch', respond(200, { a: 1 }));
    expect(await run().catch((e: unknown) => e)).toMatchObject(network);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('not json', { status: 200, headers: { 'content-type': 'application/json' } })));
    expect(await run().catch((e: unknown) => e)).toMatchObject(network);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'text/plain' } })));
    expect(await run()).toEqual(answer.data);
  });
});

describe('the card area’s GraphQL calls go through the one operation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validate the answer and reject as the card REST calls do (the server’s text and field)', async () => {
    vi.stubGlobal('fetch', respond(200, { errors: [{ message: 'Enter a 5-digit ZIP code.', extensions: { code: 'BAD_REQUEST', message: 'postalCode: Enter a 5-digit ZIP code.', field: 'postalCode', status: 400 } }], data: null }));
    const err = await cardsApi.createAddress({ type: 'Billing', firstName: 'A', lastName: 'B', addressLine1: '1 Main', city: 'Seattle', postalCode: 'x', countrySubdivision: 'WA', country: 'US' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'postalCode: Enter a 5-digit ZIP code.', field: 'postalCode' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', respond(200, { data: { user: { addressList: [{ addressId: 'ad_1' }] } } }));
    await expect(cardsApi.addresses()).rejects.toMatchObject({ status: 500, code: 'INVALID_RESPONSE' });
  });
});
