process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true'; // account creation per IP: each member comes from its own address

import { describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createUser, OTHER_PASSWORD, outbox } from '../test/accounts.ts';
import { cancelDestination } from '../../machines/oauth-consent.machine.ts';

/**
 * Issue 25: the authorization server as a maintained client library (oauth4webapi, which refuses non-standard
 * answers) sees it, against the real app in-process (its fetch goes to app.request): RFC 8414 discovery, an
 * authorization request with PKCE S256, consent approved through the API the consent page uses, the code
 * exchange, a resource call, revocation; then the error cases through the library. The server offers no refresh
 * token (grant_types_supported is authorization_code only), so there is no refresh step.
 */
const ISSUER = new URL('http://localhost');
const BUDGET = { client_id: 'brewbudget', token_endpoint_auth_method: 'none' } satisfies oauth.Client;
const REDIRECT_URI = 'https://brewbudget.example/oauth/callback';

forEachDb('OAuth through oauth4webapi (issue 25)', ({ db }) => {
  let ip = 1;
  const app = () => appFor(db());
  const options = (a = app()) => ({
    [oauth.allowInsecureRequests]: true,
    [oauth.customFetch]: async (url: string, init: { method: string; headers: Record<string, string>; body?: unknown; redirect?: RequestRedirect }) => a.request(url, init as RequestInit),
  });

  async function member() {
    const a = app();
    const c = testClient(a);
    const addr = `10.78.${Math.floor(ip / 250)}.${ip++ % 250}`;
    const original = c.post;
    c.post = (p, b, o) => original(p, b, { ...o, headers: { ...o?.headers, 'x-forwarded-for': addr } });
    const user = await createUser(c);
    return { a, c, user };
  }

  async function discover(o = options()) {
    return oauth.processDiscoveryResponse(ISSUER, await oauth.discoveryRequest(ISSUER, { ...o, algorithm: 'oauth2' }));
  }

  /** The authorization request the library builds, approved through POST /apiproxy/v1/oauth/authorize (the consent page's Confirm). */
  async function authorize(as: oauth.AuthorizationServer, m: Awaited<ReturnType<typeof member>>, scope = 'account card') {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({ client_id: BUDGET.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', scope, state, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' }).toString();
    // the consent page reads these query parameters and sends them to the API (machines/oauth-consent.machine.ts)
    const q = url.searchParams;
    const body = { clientId: q.get('client_id'), responseType: q.get('response_type'), scope: q.get('scope'), state: q.get('state'), codeChallenge: q.get('code_challenge'), codeChallengeMethod: q.get('code_challenge_method') };
    const status = await m.c.post('/apiproxy/v1/oauth/authorize/status', { ...body, requestRedirectUri: q.get('redirect_uri') });
    expect(status.status, JSON.stringify(status.json)).toBe(200);
    const confirmed = await m.c.post('/apiproxy/v1/oauth/authorize', { ...body, redirectUri: q.get('redirect_uri') });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    return { verifier, state, callback: new URL(confirmed.json.redirectUri as string), status: status.json as { redirectUri: string; state: string } };
  }

  async function exchange(as: oauth.AuthorizationServer, callback: URL, state: string, verifier: string, o = options()) {
    const params = oauth.validateAuthResponse(as, BUDGET, callback, state);
    return oauth.processAuthorizationCodeResponse(as, BUDGET, await oauth.authorizationCodeGrantRequest(as, BUDGET, oauth.None(), params, REDIRECT_URI, verifier, o));
  }

  const readAccount = async (token: string, o = options()) => oauth.protectedResourceRequest(token, 'GET', new URL('http://localhost/oauth2/api/account'), undefined, undefined, o);

  it('discovery (RFC 8414): issuer, endpoints, code, authorization_code, S256 only, auth method none', async () => {
    const as = await discover();
    expect(as).toMatchObject({
      issuer: 'http://localhost',
      authorization_endpoint: 'http://localhost/oauth/authorize',
      token_endpoint: 'http://localhost/oauth2/token',
      revocation_endpoint: 'http://localhost/oauth2/revoke',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['account', 'card', 'payment', 'rewards'],
    });
  });

  it('the whole dance: authorize with PKCE S256, consent, code exchange, a resource call, revocation', async () => {
    const as = await discover();
    const m = await member();
    const { verifier, state, callback } = await authorize(as, m);
    const tokens = await exchange(as, callback, state, verifier);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'account card' });
    expect(tokens.refresh_token).toBeUndefined();
    const res = await readAccount(tokens.access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: m.user.email });

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, BUDGET, oauth.None(), tokens.access_token, options()));
    await expect(readAccount(tokens.access_token)).rejects.toMatchObject({ status: 401, cause: [expect.objectContaining({ scheme: 'bearer', parameters: { error: 'invalid_token' } })] });
  });

  it('the Bearer scheme is case-insensitive (RFC 7235)', async () => {
    const as = await discover();
    const m = await member();
    const { verifier, state, callback } = await authorize(as, m);
    const { access_token } = await exchange(as, callback, state, verifier);
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await app().request('http://localhost/oauth2/api/account', { headers: { authorization: `${scheme} ${access_token}` } });
      expect(res.status, scheme).toBe(200);
    }
  });

  it('Cancel on the consent page answers error=access_denied with the state, as the library expects', async () => {
    const as = await discover();
    const m = await member();
    const { state, status } = await authorize(as, m);
    const cancelled = new URL(cancelDestination({ redirectUri: REDIRECT_URI, state: status.state })!);
    expect(status.state).toBe(state);
    let thrown: unknown;
    try {
      oauth.validateAuthResponse(as, BUDGET, cancelled, state);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(oauth.AuthorizationResponseError);
    expect((thrown as oauth.AuthorizationResponseError).error).toBe('access_denied');
  });

  describe('token endpoint errors in the RFC 6749 section 5.2 shape, read by the library', () => {
    const refusal = async (p: Promise<unknown>) => {
      const e = await p.then(
        () => null,
        (x: unknown) => x,
      );
      expect(e, 'the library refused the answer as an OAuth error').toBeInstanceOf(oauth.ResponseBodyError);
      return e as oauth.ResponseBodyError;
    };

    it('a wrong verifier, a used code: invalid_grant (400)', async () => {
      const as = await discover();
      const m = await member();
      const { verifier, state, callback } = await authorize(as, m);
      const wrong = await refusal(exchange(as, callback, state, oauth.generateRandomCodeVerifier()));
      expect([wrong.error, wrong.status]).toEqual(['invalid_grant', 400]);
      await exchange(as, callback, state, verifier);
      const again = await refusal(exchange(as, callback, state, verifier));
      expect([again.error, again.status]).toEqual(['invalid_grant', 400]);
    });

    it('an unknown client: invalid_client (401); through a Basic header also WWW-Authenticate', async () => {
      const as = await discover();
      const unknown = { client_id: 'no-such-app', token_endpoint_auth_method: 'none' };
      const params = oauth.validateAuthResponse(as, unknown, new URL(`${REDIRECT_URI}?code=${'x'.repeat(43)}`), oauth.skipStateCheck);
      const e = await refusal(oauth.processAuthorizationCodeResponse(as, unknown, await oauth.authorizationCodeGrantRequest(as, unknown, oauth.None(), params, REDIRECT_URI, oauth.generateRandomCodeVerifier(), options())));
      expect([e.error, e.status]).toEqual(['invalid_client', 401]);
      const basic = await oauth.authorizationCodeGrantRequest(as, { client_id: 'no-such-app' }, oauth.ClientSecretBasic('secret'), params, REDIRECT_URI, oauth.generateRandomCodeVerifier(), options());
      expect(basic.status).toBe(401);
      expect(await basic.clone().json()).toMatchObject({ error: 'invalid_client' });
      // with WWW-Authenticate the library reports the challenge itself
      const challenge = await oauth.processAuthorizationCodeResponse(as, { client_id: 'no-such-app' }, basic).then(
        () => null,
        (x: unknown) => x,
      );
      expect(challenge).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
      expect(challenge).toMatchObject({ status: 401, cause: [expect.objectContaining({ scheme: 'basic', parameters: expect.objectContaining({ realm: 'oauth2' }) })] });
    });

    it('another grant type: unsupported_grant_type; a missing parameter: invalid_request', async () => {
      const as = await discover();
      const other = await refusal(oauth.processGenericTokenEndpointResponse(as, BUDGET, await oauth.genericTokenEndpointRequest(as, BUDGET, oauth.None(), 'client_credentials', { scope: 'account' }, options())));
      expect([other.error, other.status]).toEqual(['unsupported_grant_type', 400]);
      const missing = await refusal(oauth.processGenericTokenEndpointResponse(as, BUDGET, await oauth.genericTokenEndpointRequest(as, BUDGET, oauth.None(), 'authorization_code', { code: 'x'.repeat(43), redirect_uri: REDIRECT_URI }, options())));
      expect([missing.error, missing.status]).toEqual(['invalid_request', 400]);
      // no grant_type at all (the library always sends one): invalid_request in both shapes
      const raw = await app().request('http://localhost/oauth2/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'client_id=brewbudget' });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toMatchObject({ error: 'invalid_request', error_description: expect.any(String), code: 'invalid_request', message: expect.any(String) });
    });

    it('revocation by an unknown client: invalid_client (401)', async () => {
      const as = await discover();
      const e = await refusal(oauth.processRevocationResponse(await oauth.revocationRequest(as, { client_id: 'no-such-app' }, oauth.None(), 'x'.repeat(43), options())));
      expect([e.error, e.status]).toEqual(['invalid_client', 401]);
    });
  });

  describe('a password change or reset ends the member’s tokens (ASVS 7.4.3)', () => {
    it('changing the password in settings revokes the access token', async () => {
      const as = await discover();
      const m = await member();
      const { verifier, state, callback } = await authorize(as, m);
      const { access_token } = await exchange(as, callback, state, verifier);
      expect((await readAccount(access_token)).status).toBe(200);
      const changed = await m.c.post('/apiproxy/v1/account/settings/password', { currentPassword: m.user.password, newPassword: OTHER_PASSWORD });
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      await expect(readAccount(access_token)).rejects.toMatchObject({ status: 401 });
    });

    it('a password reset revokes the access token and burns an unused code', async () => {
      const as = await discover();
      const m = await member();
      const first = await authorize(as, m);
      const { access_token } = await exchange(as, first.callback, first.state, first.verifier);
      const unused = await authorize(as, m);
      const guest = testClient(app());
      expect((await guest.post('/apiproxy/v1/account/forgot-password', { emailAddress: m.user.email, userName: m.user.email }, { headers: { 'x-forwarded-for': '10.79.0.1' } })).status).toBe(200);
      const [mail] = await outbox(guest, m.user.email, 'password-reset');
      const token = mail!.link!.split('/').pop()!;
      expect((await guest.post('/apiproxy/v1/account/reset-password', { newPassword: OTHER_PASSWORD, token })).status).toBe(200);
      await expect(readAccount(access_token)).rejects.toMatchObject({ status: 401 });
      const e = await exchange(as, unused.callback, unused.state, unused.verifier).then(
        () => null,
        (x: unknown) => x as oauth.ResponseBodyError,
      );
      expect(e?.error).toBe('invalid_grant');
    });
  });
});
