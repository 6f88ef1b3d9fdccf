import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import { CLAIM_TEXTS, OAUTH_SCOPES, type AuthorizeResponse, type AuthorizeStatus, type ConnectedApps, type OAuthScope } from '../../contracts/oauth.ts';
import { AuthorizeRequest, AuthorizeStatusRequest, ConnectedAppParams, OAuthErrorCodes, RevokeRequest, TokenRequest, type TokenResponse } from '../../contracts/oauth-requests.ts';
import { requireUser } from '../auth/require.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { parse, parseJson, parseParams } from '../http/validate.ts';
import { connectedApps, findClient, findGrant, findToken, isScope, issueCode, redeemCode, revokeApp, revokeToken, saveGrant, sortScopes, TOKEN_TTL_SECONDS, type ClientRow, type TokenInfo } from './store.ts';

/**
 * Third-party app consent (spec 2 sections 2-7, issue 11, docs/consent.md).
 *
 * Browser-facing (session cookie, so CSRF-checked like every /apiproxy call):
 *   POST   /apiproxy/v1/oauth/authorize/status   the consent screen's status; already granted: a code at once
 *   POST   /apiproxy/v1/oauth/authorize          Confirm: records the grant, returns redirectUri with code and state
 *   GET    /apiproxy/v1/account/connected-apps   the member's connected apps
 *   DELETE /apiproxy/v1/account/connected-apps/:clientId   revoke: grant, codes and tokens end at once
 *
 * Back channel (no cookies read, so no CSRF: the caller proves itself with the code + PKCE verifier or a bearer token):
 *   GET  /.well-known/oauth-authorization-server   RFC 8414 metadata
 *   POST /oauth2/token      authorization_code grant with PKCE S256; errors as RFC 6749 section 5.2
 *   POST /oauth2/revoke     RFC 7009
 *   GET  /oauth2/api/{account,cards,payment-methods,rewards}   the read API, one scope each (403 outside it)
 */
const API = '/apiproxy/v1';

function oauthError(status: 400 | 401 | 403, error: string, description: string, field?: string) {
  // the house error shape ({ code, message, field }) plus RFC 6749 section 5.2's { error, error_description }
  return new ApiError(status, error, description, { error, error_description: description, ...(field ? { field } : {}) });
}

/**
 * A back-channel body through its contract: a failure is RFC 6749 section 5.2's invalid_request (a malformed code is
 * invalid_grant: no such code was issued), in both shapes, never the house-only BAD_REQUEST a client library refuses.
 */
function parseOAuth<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  try {
    return parse(schema, input);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400 || 'error' in e.extras) throw e;
    const field = typeof e.extras.field === 'string' ? e.extras.field : undefined;
    throw oauthError(400, field === 'code' ? 'invalid_grant' : 'invalid_request', e.message, field);
  }
}

/**
 * Which client calls the back channel (RFC 6749 section 2.3): every registered client is public (no secret, PKCE),
 * so it names itself with client_id in the body (token_endpoint_auth_method "none"). Section 5.2: an unknown client
 * is invalid_client with 401, and with WWW-Authenticate when it tried HTTP authentication (a Basic header, which a
 * public client has no secret for: refused the same way).
 */
async function backChannelClient(c: Context<AppEnv>, body: Record<string, unknown>): Promise<ClientRow> {
  const header = c.req.header('authorization');
  const refuse = (description: string) => {
    if (header !== undefined) c.header('WWW-Authenticate', 'Basic realm="oauth2", charset="UTF-8"');
    return oauthError(401, 'invalid_client', description, 'client_id');
  };
  if (header !== undefined) throw refuse('Client authentication is "none": send client_id in the body (a public client with PKCE), not an Authorization header.');
  const id = body.client_id;
  if (id === undefined || id === '') throw oauthError(400, 'invalid_request', 'client_id is required.', 'client_id');
  if (typeof id !== 'string') throw oauthError(400, 'invalid_request', 'client_id must be a string.', 'client_id');
  const client = /^[a-z0-9][a-z0-9-]{2,63}$/.test(id) ? await findClient(c.var.deps.db, id) : null;
  if (!client || (client.dev_only && !c.var.deps.config.devTools)) throw refuse('This application is not registered.');
  return client;
}

const asRecord = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {});

interface Validated {
  client: ClientRow;
  redirectUri: string;
  scopes: OAuthScope[];
  codeChallenge: string;
}

/**
 * Everything a consent request must satisfy, checked before anything redirects (RFC 6749 section 4.1.2.1): a
 * registered client (the development sample client only where dev tools are on), the redirect URI equal to one
 * registered for it character for character, response type `code`, scopes the client may ask for, and a PKCE S256
 * challenge.
 */
async function validateConsent(c: Context<AppEnv>, r: { clientId: string; redirectUri: string; redirectField: string; responseType: string; scope?: string | undefined; codeChallenge?: string | undefined; codeChallengeMethod?: string | undefined }): Promise<Validated> {
  const client = await findClient(c.var.deps.db, r.clientId);
  if (!client || (client.dev_only && !c.var.deps.config.devTools)) throw new ApiError(400, OAuthErrorCodes.invalidClient, 'This application is not registered.', { field: 'clientId' });
  if (!client.redirect_uris.includes(r.redirectUri)) throw new ApiError(400, OAuthErrorCodes.invalidRedirectUri, 'The redirect URI is not registered for this application.', { field: r.redirectField });
  if (r.responseType !== 'code') throw new ApiError(400, OAuthErrorCodes.unsupportedResponseType, 'Only the authorization code flow (response type "code") is supported.', { field: 'responseType' });
  const asked = (r.scope ?? '').split(' ').filter(Boolean);
  if (!asked.length) throw new ApiError(400, OAuthErrorCodes.invalidScope, 'Name at least one scope.', { field: 'scope' });
  for (const s of asked) if (!isScope(s) || !client.allowed_scopes.includes(s)) throw new ApiError(400, OAuthErrorCodes.invalidScope, `This application may not ask for the scope "${s}".`, { field: 'scope' });
  if (!r.codeChallenge) throw new ApiError(400, OAuthErrorCodes.invalidRequest, 'A PKCE code challenge is required.', { field: 'codeChallenge' });
  if (r.codeChallengeMethod !== 'S256') throw new ApiError(400, OAuthErrorCodes.invalidRequest, 'The code challenge method must be S256.', { field: 'codeChallengeMethod' });
  return { client, redirectUri: r.redirectUri, scopes: sortScopes(asked as OAuthScope[]), codeChallenge: r.codeChallenge };
}

/** The redirect URI with the response parameters appended (its own query kept; RFC 6749 section 4.1.2). */
export function withParams(uri: string, params: Record<string, string | null | undefined>): string {
  const hash = uri.indexOf('#');
  const base = hash >= 0 ? uri.slice(0, hash) : uri;
  const q = new URLSearchParams();
  for (const [k, val] of Object.entries(params)) if (val !== null && val !== undefined) q.set(k, val);
  const s = q.toString();
  return s ? `${base}${base.includes('?') ? '&' : '?'}${s}` : base;
}

const claimsOf = (scopes: OAuthScope[]) => scopes.map((scope) => ({ scope, description: CLAIM_TEXTS[scope] }));

/** Reads a form-encoded (RFC 6749) or JSON body into a plain object; repeated keys are refused (RFC 6749 section 3.2). */
async function formOrJson(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return parseJsonRaw(c);
  const params = new URLSearchParams(await c.req.text());
  const out: Record<string, string> = {};
  for (const [k, val] of params) {
    if (k in out) throw oauthError(400, 'invalid_request', `The parameter "${k}" is repeated.`, k);
    out[k] = val;
  }
  return out;
}
async function parseJsonRaw(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw oauthError(400, 'invalid_request', 'The request body is not valid JSON.');
  }
}

/** RFC 6750 section 2.1 with RFC 7235's case-insensitive scheme: "Bearer", "bearer", "BEARER" all name the token. */
function bearer(c: Context<AppEnv>): string | null {
  const h = c.req.header('authorization') ?? '';
  const m = /^bearer +([A-Za-z0-9_-]{43}) */i.exec(h);
  return m ? m[1]! : null;
}

/** The bearer token's grant for one scope: 401 without a live token, 403 when its scopes do not include it. */
async function requireScope(c: Context<AppEnv>, scope: OAuthScope): Promise<TokenInfo> {
  const token = bearer(c);
  const info = token ? await findToken(c.var.deps.db, token) : null;
  if (!info) {
    c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw oauthError(401, 'invalid_token', 'The access token is missing, expired or revoked.');
  }
  if (!info.scopes.includes(scope)) {
    c.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${scope}"`);
    throw oauthError(403, 'insufficient_scope', `This token does not allow the "${scope}" scope.`);
  }
  return info;
}

export function registerOAuthRoutes(app: Hono<AppEnv>) {
  // ---- browser-facing ---------------------------------------------------------------------------------------------
  app.post(`${API}/oauth/authorize/status`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, AuthorizeStatusRequest);
    const ok = await validateConsent(c, { ...body, redirectUri: body.requestRedirectUri, redirectField: 'requestRedirectUri' });
    const { db } = c.var.deps;
    const granted = await findGrant(db, s.userId, ok.client.client_id);
    const authorized = !!granted && ok.scopes.every((x) => granted.includes(x));
    let redirectUri = ok.redirectUri;
    if (authorized) {
      const code = await issueCode(db, { clientId: ok.client.client_id, userId: s.userId, redirectUri: ok.redirectUri, scopes: ok.scopes, codeChallenge: ok.codeChallenge });
      redirectUri = withParams(ok.redirectUri, { code, state: body.state });
    }
    const out: AuthorizeStatus = {
      authorized,
      redirectUri,
      clientId: ok.client.client_id,
      clientName: ok.client.name,
      clientImage: ok.client.image_url,
      responseType: body.responseType,
      scope: ok.scopes.join(' '),
      state: body.state ?? null,
      claims: claimsOf(ok.scopes),
    };
    return c.json(out);
  });

  app.post(`${API}/oauth/authorize`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, AuthorizeRequest);
    const ok = await validateConsent(c, { ...body, redirectField: 'redirectUri' });
    const code = await c.var.deps.db.transaction(async (tx) => {
      await saveGrant(tx, s.userId, ok.client.client_id, ok.scopes);
      return issueCode(tx, { clientId: ok.client.client_id, userId: s.userId, redirectUri: ok.redirectUri, scopes: ok.scopes, codeChallenge: ok.codeChallenge });
    });
    const out: AuthorizeResponse = { redirectUri: withParams(ok.redirectUri, { code, state: body.state }) };
    return c.json(out);
  });

  app.get(`${API}/account/connected-apps`, async (c) => {
    const out: ConnectedApps = { apps: await connectedApps(c.var.deps.db, requireUser(c).userId) };
    return c.json(out);
  });

  app.delete(`${API}/account/connected-apps/:clientId`, async (c) => {
    const s = requireUser(c);
    const { clientId } = parseParams(c, ConnectedAppParams);
    if (!(await revokeApp(c.var.deps.db, s.userId, clientId))) throw notFound('This application is not connected to your account.');
    const out: ConnectedApps = { apps: await connectedApps(c.var.deps.db, s.userId) };
    return c.json(out);
  });

  // ---- back channel -----------------------------------------------------------------------------------------------
  app.use('/oauth2/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
  });

  /**
   * RFC 8414 authorization server metadata, for client libraries' discovery. The issuer is the origin the request
   * named, which the Host check (server/http/host.ts) limits to this server's own.
   */
  app.get('/.well-known/oauth-authorization-server', (c) => {
    const issuer = c.var.client.origin;
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth2/token`,
      revocation_endpoint: `${issuer}/oauth2/revoke`,
      scopes_supported: [...OAUTH_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
    });
  });

  app.post('/oauth2/token', async (c) => {
    const raw = asRecord(await formOrJson(c));
    // RFC 6749 section 5.2: the grant type first (missing: invalid_request; another: unsupported_grant_type), then the client
    if (raw.grant_type === undefined || raw.grant_type === '') throw oauthError(400, 'invalid_request', 'grant_type is required.', 'grant_type');
    if (raw.grant_type !== 'authorization_code') throw oauthError(400, 'unsupported_grant_type', 'Only the authorization_code grant is supported.', 'grant_type');
    await backChannelClient(c, raw);
    const body = parseOAuth(TokenRequest, raw);
    const r = await redeemCode(c.var.deps.db, { code: body.code, clientId: body.client_id, redirectUri: body.redirect_uri, verifier: body.code_verifier });
    if (!r.ok) throw oauthError(400, 'invalid_grant', r.why, 'code');
    const out: TokenResponse = { access_token: r.token, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, scope: r.scopes.join(' ') };
    return c.json(out);
  });

  app.post('/oauth2/revoke', async (c) => {
    const raw = asRecord(await formOrJson(c));
    await backChannelClient(c, raw);
    const body = parseOAuth(RevokeRequest, raw);
    await revokeToken(c.var.deps.db, body.token, body.client_id);
    return c.json({});
  });

  app.get('/oauth2/api/account', async (c) => {
    const t = await requireScope(c, 'account');
    const r = await c.var.deps.db.query<{ first_name: string; last_name: string; email: string }>('select first_name, last_name, email from users where id = $1', [t.userId]);
    const u = r.rows[0];
    if (!u) throw notFound('No such account.');
    return c.json({ firstName: u.first_name, lastName: u.last_name, email: u.email });
  });

  app.get('/oauth2/api/cards', async (c) => {
    const t = await requireScope(c, 'card');
    const { db } = c.var.deps;
    const cards = await db.query<{ card_id: string; card_number: string; nickname: string | null; balance_cents: number; status: string }>(
      `select card_id, card_number, nickname, balance_cents, status from stored_value_cards where user_id = $1 and status <> 'closed' order by is_primary desc, created_at, card_id`,
      [t.userId],
    );
    const ledger = await db.query<{ card_id: string; id: string; kind: string; amount_cents: number; balance_after_cents: number; description: string | null; created_at: Date }>(
      `select l.card_id, l.id, l.kind, l.amount_cents, l.balance_after_cents, l.description, l.created_at
         from card_ledger l join stored_value_cards c on c.card_id = l.card_id
        where l.card_id = any($1::text[]) and (c.registered_at is null or l.created_at >= c.registered_at) -- since this owner registered it (issue 25)
        order by l.id desc limit 200`,
      [cards.rows.map((x) => x.card_id)],
    );
    return c.json({
      cards: cards.rows.map((card) => ({
        cardId: card.card_id,
        lastFour: card.card_number.slice(-4),
        nickname: card.nickname,
        status: card.status,
        balance: { amount: Number(card.balance_cents), currency: 'USD' },
        transactions: ledger.rows
          .filter((l) => l.card_id === card.card_id)
          .slice(0, 20)
          .map((l) => ({ id: String(l.id), kind: l.kind, amount: Number(l.amount_cents), balanceAfter: Number(l.balance_after_cents), description: l.description, createdAt: new Date(l.created_at).toISOString() })),
      })),
    });
  });

  app.get('/oauth2/api/payment-methods', async (c) => {
    const t = await requireScope(c, 'payment');
    const r = await c.var.deps.db.query<{ payment_method_id: string; payment_type: string; nickname: string | null; is_default: boolean }>(
      'select payment_method_id, payment_type, nickname, is_default from payment_methods where user_id = $1 and removed_at is null order by created_at, payment_method_id',
      [t.userId],
    );
    // never a number, a last four digits, an expiry or a processor token: the type and the member's nickname only
    return c.json({ paymentMethods: r.rows.map((m) => ({ paymentMethodId: m.payment_method_id, paymentType: m.payment_type, nickname: m.nickname, default: m.is_default })) });
  });

  app.get('/oauth2/api/rewards', async (c) => {
    const t = await requireScope(c, 'rewards');
    const { db } = c.var.deps;
    // the Stars balance (stars_balances, from the ordering work) when that table exists; before it: 0 Stars, said so
    const has = await db.query<{ ok: boolean }>(`select to_regclass('stars_balances') is not null as ok`);
    if (!has.rows[0]?.ok) return c.json({ stars: 0, note: 'Stars are not tracked yet: every member has 0 Stars.' });
    const r = await db.query<{ balance: number }>('select balance from stars_balances where user_id = $1', [t.userId]);
    return c.json({ stars: Number(r.rows[0]?.balance ?? 0) });
  });

  app.all('/oauth2/*', () => {
    throw notFound('No such API endpoint.');
  });
}

