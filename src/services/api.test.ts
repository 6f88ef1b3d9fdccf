import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { apiRequest, ApiRequestError, buildUrl } from './api.ts';
import { errorText, accountCodeMessages } from './error-catalogue.ts';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('REST wrapper', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'csrf=; max-age=0';
  });

  it('builds /apiproxy/v1 URLs and drops empty query values', () => {
    expect(buildUrl('/locations', { place: 'Seattle', features: '', lat: undefined, limit: 5 })).toBe('/apiproxy/v1/locations?place=Seattle&limit=5');
  });

  it('validates the response against the contract schema', async () => {
    vi.stubGlobal('fetch', respond(200, { a: 1 }));
    await expect(apiRequest('GET', '/x', { schema: v.object({ a: v.number() }) })).resolves.toEqual({ a: 1 });
    vi.stubGlobal('fetch', respond(200, { a: 'no' }));
    await expect(apiRequest('GET', '/x', { schema: v.object({ a: v.number() }) })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('sends the CSRF cookie back as a header on state-changing calls', async () => {
    document.cookie = 'csrf=token123abc';
    const f = respond(200, {});
    vi.stubGlobal('fetch', f);
    await apiRequest('POST', '/stores/favorites', { body: { storeNumber: '1' } });
    const init = (f.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('token123abc');
    expect(init.credentials).toBe('same-origin');
  });

  it('maps error bodies to ApiRequestError with the spec code and field', async () => {
    vi.stubGlobal('fetch', respond(400, { code: 'BAD_REQUEST', message: 'lat: must be a number', field: 'lat' }));
    const err = await apiRequest('GET', '/locations').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST', field: 'lat' });
  });

  it('treats 5xx and network failures as the generic server error', async () => {
    vi.stubGlobal('fetch', respond(502, undefined));
    const e1 = (await apiRequest('GET', '/locations').catch((e: unknown) => e)) as ApiRequestError;
    expect(e1.isServerError).toBe(true);
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const e2 = (await apiRequest('GET', '/locations').catch((e: unknown) => e)) as ApiRequestError;
    expect(e2).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    // one network text: the generic one (errorText; there was a second, 'We could not reach the server...')
    expect([e2.message, errorText(e2), errorText(e1)]).toEqual(['Something went wrong. Please try again.', 'Something went wrong. Please try again.', 'Something went wrong. Please try again.']);
  });

  it('maps codes through the catalogue', () => {
    expect(errorText(new ApiRequestError(401, 'INVALID_CREDENTIALS', 'x', { code: 'INVALID_CREDENTIALS' }), accountCodeMessages)).toBe('The email or password you entered is not valid. Please try again.');
    // a server-supplied message takes precedence (spec 2 section 8)
    expect(errorText(new ApiRequestError(401, 'INVALID_CREDENTIALS', 'Server says', { code: 'INVALID_CREDENTIALS', message: 'Server says' }), accountCodeMessages)).toBe('Server says');
    // a code the catalogue does not know: the generic text
    expect(errorText(new ApiRequestError(400, 'NOPE', 'x', { code: 'NOPE' }), accountCodeMessages)).toBe('Something went wrong. Please try again.');
    expect(errorText(new ApiRequestError(500, 'X', 'boom'))).toBe('Something went wrong. Please try again.');
  });
});
