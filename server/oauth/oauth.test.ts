process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true'; // account creation per IP: each member comes from its own address

import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
import { createUser } from '../test/accounts.ts';
import { ConsentMessages, CLAIM_TEXTS } from '../../contracts/oauth.ts';
import { withParams } from './routes.ts';

const BUDGET = { clientId: 'brewbudget', redirectUri: 'https://brewbudget.example/oauth/callback' };
const TRACKER = { clientId: 'cuptracker', redirectUri: 'https://cuptracker.example/callback' };

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

forEachDb('OAuth 2.0 authorization server (issue 11)', ({ db }) => {
  let ip = 1;
  const newApp = () => appFor(db());
  async function member() {
    const app = newApp();
    const c = testClient(app);
    const addr = `10.77.${Math.floor(ip / 250)}.${ip++ % 250}`;
    const original = c.post;
    // each member from its own address (account creation is rate limited per IP)
    c.post = (p, b, o) => original(p, b, { ...o, headers: { ...o?.headers, 'x-forwarded-for': addr } });
    const user = await createUser(c);
    return { app, c, user };
  }
  const authorizeParams = (client = BUDGET, p = pkce()) => ({
    clientId: client.clientId,
    responseType: 'code',
    scope: 'account card',
    state: 'st-123',
    codeChallenge: p.challenge,
    codeChallengeMethod: 'S256',
  });
  const statusBody = (client = BUDGET, over: Record<string, unknown> = {}, p = pkce()) => ({ ...authorizeParams(client, p), requestRedirectUri: client.redirectUri, ...over });
  const confirmBody = (client = BUDGET, over: Record<string, unknown> = {}, p = pkce()) => ({ ...authorizeParams(client, p), redirectUri: client.redirectUri, ...over });
  async function token(app: ReturnType<typeof newApp>, params: Record<string, string>, form = true) {
    const res = await app.request('http://localhost/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: form ? new URLSearchParams(params).toString() : JSON.stringify(params),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown>, headers: res.headers };
  }
  async function read(app: ReturnType<typeof newApp>, path: string, accessToken: string) {
    const res = await app.request(`http://localhost/oauth2/api/${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
    return { status: res.status, json: (await res.json()) as Record<string, unknown>, headers: res.headers };
  }
  /** the whole dance: confirm, then redeem; returns the code, the token response and the verifier */
  async function grant(client = BUDGET, scope = 'account card') {
    const m = await member();
    const p = pkce();
    const r = await m.c.post('/apiproxy/v1/oauth/authorize', confirmBody(client, { scope }, p));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const url = new URL(r.json.redirectUri as string);
    const code = url.searchParams.get('code')!;
    const t = await token(m.app, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, client_id: client.clientId, code_verifier: p.verifier });
    return { ...m, p, code, url, t };
  }

  describe('status (POST /apiproxy/v1/oauth/authorize/status)', () => {
    it('shows the client, its image and the claims of the asked scopes; not yet authorized', async () => {
      const { c } = await member();
      const r = await c.post('/apiproxy/v1/oauth/authorize/status', statusBody());
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json).toMatchObject({ authorized: false, redirectUri: BUDGET.redirectUri, clientId: 'brewbudget', clientName: 'BrewBudget', clientImage: '/oauth-clients/brewbudget.svg', responseType: 'code', scope: 'account card', state: 'st-123' });
      expect(r.json.claims).toEqual([
        { scope: 'account', description: CLAIM_TEXTS.account },
        { scope: 'card', description: CLAIM_TEXTS.card },
      ]);
    });

    it('needs a signed-in member (401) and the CSRF token (403)', async () => {
      const guest = testClient(newApp());
      expect((await guest.post('/apiproxy/v1/oauth/authorize/status', statusBody())).status).toBe(401);
      const { c } = await member();
      expect((await c.post('/apiproxy/v1/oauth/authorize/status', statusBody(), { csrf: false })).status).toBe(403);
      expect((await c.post('/apiproxy/v1/oauth/authorize', confirmBody(), { csrf: false })).status).toBe(403);
    });

    it('refuses a redirect URI that differs in any character, before any redirect (no redirectUri, no code)', async () => {
      const { c } = await member();
      const variants = [
        BUDGET.redirectUri + '/',
        BUDGET.redirectUri + '?x=1',
        BUDGET.redirectUri + '#frag',
        BUDGET.redirectUri.replace('https:', 'http:'),
        BUDGET.redirectUri.replace('callback', 'Callback'),
        BUDGET.redirectUri.slice(0, -1),
        'https://brewbudget.example.evil.test/oauth/callback',
        'https://brewbudget.example/oauth/callback/../callback',
        ' ' + BUDGET.redirectUri,
        TRACKER.redirectUri,
        '',
      ];
      for (const uri of variants) {
        const s = await c.post('/apiproxy/v1/oauth/authorize/status', statusBody(BUDGET, { requestRedirectUri: uri }));
        expect(s.status, uri).toBe(400);
        expect(s.json, uri).toMatchObject({ code: 'INVALID_REDIRECT_URI', field: 'requestRedirectUri' });
        expect(s.json.redirectUri, uri).toBeUndefined();
        const a = await c.post('/apiproxy/v1/oauth/authorize', confirmBody(BUDGET, { redirectUri: uri }));
        expect(a.status, uri).toBe(400);
        expect(a.json, uri).toMatchObject({ code: 'INVALID_REDIRECT_URI', field: 'redirectUri' });
      }
      // nothing was granted
      expect((await c.get('/apiproxy/v1/account/connected-apps')).json.apps).toEqual([]);
    });

    it('refuses unknown clients, other response types, scopes the client may not ask for, and a missing or plain PKCE challenge', async () => {
      const { c } = await member();
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ clientId: 'nobody-here' }, 'INVALID_CLIENT', 'clientId'],
        [{ clientId: 'harbor-sample-x' }, 'INVALID_CLIENT', 'clientId'],
        [{ responseType: 'token' }, 'UNSUPPORTED_RESPONSE_TYPE', 'responseType'],
        [{ scope: 'account payment' }, 'INVALID_SCOPE', 'scope'],
        [{ scope: 'admin' }, 'INVALID_SCOPE', 'scope'],
        [{ scope: '' }, 'INVALID_SCOPE', 'scope'],
        [{ codeChallenge: undefined }, 'INVALID_REQUEST', 'codeChallenge'],
        [{ codeChallengeMethod: 'plain' }, 'INVALID_REQUEST', 'codeChallengeMethod'],
      ];
      for (const [over, code, field] of cases) {
        const r = await c.post('/apiproxy/v1/oauth/authorize/status', statusBody(BUDGET, over));
        expect(r.status, JSON.stringify(over)).toBe(400);
        expect(r.json, JSON.stringify(over)).toMatchObject({ code, field });
      }
    });

    it('malformed input is a 400 naming the field, never a 5xx', async () => {
      const { c } = await member();
      for (const body of [{}, { clientId: 5 }, { ...statusBody(), state: 'x'.repeat(501) }, { ...statusBody(), scope: 'account\u0000' }, { ...statusBody(), codeChallenge: 'short' }, '[]', 'not json']) {
        const r = await c.post('/apiproxy/v1/oauth/authorize/status', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(typeof r.json.message).toBe('string');
      }
    });

    it('once granted, the status is authorized and carries a fresh code and the state (status then redirect)', async () => {
      const g = await grant();
      const p = pkce();
      const r = await g.c.post('/apiproxy/v1/oauth/authorize/status', statusBody(BUDGET, { scope: 'account' }, p));
      expect(r.json.authorized).toBe(true);
      const url = new URL(r.json.redirectUri);
      expect(url.origin + url.pathname).toBe(BUDGET.redirectUri);
      expect(url.searchParams.get('state')).toBe('st-123');
      const t = await token(g.app, { grant_type: 'authorization_code', code: url.searchParams.get('code')!, redirect_uri: BUDGET.redirectUri, client_id: 'brewbudget', code_verifier: p.verifier });
      expect(t.status).toBe(200);
      expect(t.json.scope).toBe('account');
      // asking for more than was granted shows the consent form again
      const tracker = await g.c.post('/apiproxy/v1/oauth/authorize/status', statusBody(TRACKER, { scope: 'account' }));
      expect(tracker.json.authorized).toBe(false);
    });
  });

  describe('authorization code grant with PKCE (POST /oauth2/token)', () => {
    it('Confirm returns the redirect URI with a code and the state; the code buys a token limited to the granted scopes', async () => {
      const g = await grant();
      expect(g.url.origin + g.url.pathname).toBe(BUDGET.redirectUri);
      expect(g.url.searchParams.get('state')).toBe('st-123');
      expect(g.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(g.t.status, JSON.stringify(g.t.json)).toBe(200);
      expect(g.t.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'account card' });
      expect(g.t.headers.get('cache-control')).toBe('no-store');
      const at = g.t.json.access_token as string;
      const account = await read(g.app, 'account', at);
      expect(account.status).toBe(200);
      expect(account.json).toEqual({ firstName: 'Casey', lastName: 'Rivera', email: g.user.email });
      const cards = await read(g.app, 'cards', at);
      expect(cards.status).toBe(200);
      const list = cards.json.cards as Array<{ balance: { amount: number }; transactions: unknown[]; lastFour: string }>;
      expect(list.length).toBeGreaterThan(0);
      expect(list[0]!.lastFour).toMatch(/^[0-9]{4}$/);
      expect(Number.isInteger(list[0]!.balance.amount)).toBe(true);
      // a token used for another scope gets 403
      for (const path of ['payment-methods', 'rewards']) {
        const r = await read(g.app, path, at);
        expect(r.status, path).toBe(403);
        expect(r.json.error).toBe('insufficient_scope');
        expect(r.headers.get('www-authenticate')).toContain('insufficient_scope');
      }
      // the token is stored hashed: its value is nowhere in the database
      const stored = await db().query<{ n: number }>('select count(*)::int as n from oauth_tokens where token_hash = $1', [at]);
      expect(stored.rows[0]!.n).toBe(0);
    });

    it('payment gives the methods without numbers; rewards gives 0 Stars', async () => {
      const g = await grant(TRACKER, 'payment rewards');
      const at = g.t.json.access_token as string;
      const pm = await read(g.app, 'payment-methods', at);
      expect(pm.status).toBe(200);
      expect(pm.json).toEqual({ paymentMethods: [] });
      const rw = await read(g.app, 'rewards', at);
      expect(rw.status).toBe(200);
      expect(rw.json.stars).toBe(0);
      expect((await read(g.app, 'account', at)).status).toBe(403);
      expect((await read(g.app, 'cards', at)).status).toBe(403);
    });

    it('a reused code fails, and its first token is revoked', async () => {
      const g = await grant();
      const at = g.t.json.access_token as string;
      const again = await token(g.app, { grant_type: 'authorization_code', code: g.code, redirect_uri: BUDGET.redirectUri, client_id: 'brewbudget', code_verifier: g.p.verifier });
      expect(again.status).toBe(400);
      expect(again.json).toMatchObject({ error: 'invalid_grant', code: 'invalid_grant' });
      expect((await read(g.app, 'account', at)).status).toBe(401);
    });

    it('an expired code fails (codes live 60 seconds)', async () => {
      const m = await member();
      const p = pkce();
      const r = await m.c.post('/apiproxy/v1/oauth/authorize', confirmBody(BUDGET, {}, p));
      const code = new URL(r.json.redirectUri).searchParams.get('code')!;
      const row = await db().query<{ s: number }>(`select extract(epoch from expires_at - created_at)::int as s from oauth_codes where code_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [code]);
      expect(row.rows[0]!.s).toBe(60);
      await db().query(`update oauth_codes set expires_at = now() - interval '1 second' where code_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [code]);
      const t = await token(m.app, { grant_type: 'authorization_code', code, redirect_uri: BUDGET.redirectUri, client_id: 'brewbudget', code_verifier: p.verifier });
      expect(t.status).toBe(400);
      expect(t.json).toMatchObject({ error: 'invalid_grant', error_description: 'The code has expired.' });
    });

    it('a code issued to one client cannot be redeemed by another (nor with another redirect URI or a wrong verifier); it still works for its own client', async () => {
      const m = await member();
      const p = pkce();
      const r = await m.c.post('/apiproxy/v1/oauth/authorize', confirmBody(BUDGET, {}, p));
      const code = new URL(r.json.redirectUri).searchParams.get('code')!;
      const base = { grant_type: 'authorization_code', code, redirect_uri: BUDGET.redirectUri, client_id: 'brewbudget', code_verifier: p.verifier };
      const other = await token(m.app, { ...base, client_id: 'cuptracker', redirect_uri: TRACKER.redirectUri });
      expect(other.status).toBe(400);
      expect(other.json.error_description).toBe('The code was issued to another client.');
      const otherUri = await token(m.app, { ...base, redirect_uri: BUDGET.redirectUri + '/' });
      expect(otherUri.json.error_description).toBe('The redirect URI differs from the one the code was issued for.');
      const wrongVerifier = await token(m.app, { ...base, code_verifier: pkce().verifier });
      expect(wrongVerifier.json.error_description).toBe('The code verifier does not match the challenge.');
      const ok = await token(m.app, base, false);
      expect(ok.status).toBe(200);
    });

    it('two concurrent redemptions of one code: exactly one token', async () => {
      const m = await member();
      const p = pkce();
      const r = await m.c.post('/apiproxy/v1/oauth/authorize', confirmBody(BUDGET, {}, p));
      const code = new URL(r.json.redirectUri).searchParams.get('code')!;
      const params = { grant_type: 'authorization_code', code, redirect_uri: BUDGET.redirectUri, client_id: 'brewbudget', code_verifier: p.verifier };
      const results = await Promise.all([token(m.app, params), token(m.app, params), token(m.app, params)]);
      expect(results.map((x) => x.status).sort()).toEqual([200, 400, 400]);
    });

    it('malformed token requests are 400s naming the field; repeated parameters are refused', async () => {
      const app = newApp();
      for (const params of [{}, { grant_type: 'password' }, { grant_type: 'authorization_code', code: 'x', redirect_uri: 'a', client_id: 'brewbudget', code_verifier: 'short' }]) {
        const r = await token(app, params as Record<string, string>);
        expect(r.status, JSON.stringify(params)).toBe(400);
        expect(r.json.field).toBeTruthy();
      }
      const res = await app.request('http://localhost/oauth2/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'code=a&code=b' });
      expect(res.status).toBe(400);
      const bad = await app.request('http://localhost/oauth2/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
      expect(bad.status).toBe(400);
    });

    it('the read API without a token, or with a made-up one, is 401', async () => {
      const app = newApp();
      expect((await app.request('http://localhost/oauth2/api/account')).status).toBe(401);
      expect((await read(app, 'account', randomBytes(32).toString('base64url'))).status).toBe(401);
      expect((await app.request('http://localhost/oauth2/api/nothing')).status).toBe(404);
    });
  });

  describe('revocation', () => {
    it('the client revokes its token (RFC 7009); another client cannot revoke it', async () => {
      const g = await grant();
      const at = g.t.json.access_token as string;
      const revoke = (client_id: string) => g.app.request('http://localhost/oauth2/revoke', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: at, client_id }).toString() });
      expect((await revoke('cuptracker')).status).toBe(200);
      expect((await read(g.app, 'account', at)).status).toBe(200);
      expect((await revoke('brewbudget')).status).toBe(200);
      expect((await read(g.app, 'account', at)).status).toBe(401);
    });

    it('the member sees the connected app and revokes it: its tokens stop working at once; another member cannot touch it', async () => {
      const g = await grant();
      const at = g.t.json.access_token as string;
      const list = await g.c.get('/apiproxy/v1/account/connected-apps');
      expect(list.json.apps).toEqual([{ clientId: 'brewbudget', clientName: 'BrewBudget', clientImage: '/oauth-clients/brewbudget.svg', scopes: ['account', 'card'], grantedAt: expect.any(String) }]);
      const other = await member();
      expect((await other.c.del('/apiproxy/v1/account/connected-apps/brewbudget')).status).toBe(404);
      expect((await read(g.app, 'account', at)).status).toBe(200);
      expect((await g.c.del('/apiproxy/v1/account/connected-apps/brewbudget', { csrf: false })).status).toBe(403);
      const del = await g.c.del('/apiproxy/v1/account/connected-apps/brewbudget');
      expect(del.status).toBe(200);
      expect(del.json.apps).toEqual([]);
      expect((await read(g.app, 'account', at)).status).toBe(401);
      expect((await g.c.del('/apiproxy/v1/account/connected-apps/brewbudget')).status).toBe(404);
      expect((await g.c.del('/apiproxy/v1/account/connected-apps/BAD!')).status).toBe(400);
    });
  });

  it('withParams keeps the redirect URI query and drops its fragment', () => {
    expect(withParams('https://a.example/cb', { code: 'c', state: 's t' })).toBe('https://a.example/cb?code=c&state=s+t');
    expect(withParams('https://a.example/cb?x=1#f', { error: 'access-denied', state: null })).toBe('https://a.example/cb?x=1&error=access-denied');
    expect(ConsentMessages.intro('BrewBudget')).toBe('By granting BrewBudget access to your account, this application will be able to:');
  });

  it('the development sample client is refused when dev tools are off', async () => {
    await db().query(`insert into oauth_clients (client_id, name, image_url, redirect_uris, allowed_scopes, dev_only) values ('harbor-sample', 'Harbor Sample App', '/oauth-clients/sample.svg', array['http://localhost/dev/oauth-client/callback'], array['account'], true) on conflict (client_id) do nothing`);
    const body = statusBody({ clientId: 'harbor-sample', redirectUri: 'http://localhost/dev/oauth-client/callback' }, { scope: 'account' });
    const { c } = await member();
    expect((await c.post('/apiproxy/v1/oauth/authorize/status', body)).status).toBe(200);
    const prod = testClient(appFor(db(), testConfig({ devTools: false })));
    const addr = `10.78.0.${ip++ % 250}`;
    await createUser({ ...prod, post: (p: string, b?: unknown, o?: { csrf?: boolean; headers?: Record<string, string> }) => prod.post(p, b, { ...o, headers: { ...o?.headers, 'x-forwarded-for': addr } }) });
    const r = await prod.post('/apiproxy/v1/oauth/authorize/status', body, { headers: { 'x-forwarded-for': addr } });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_CLIENT');
  });
});
