import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { OAUTH_SCOPES, type OAuthScope } from '../../contracts/oauth.ts';

/**
 * The authorization server's data layer (docs/consent.md). Codes and access tokens are 256-bit random values handed
 * out once; only their SHA-256 is stored. Codes live 60 seconds and are consumed by one conditional update, so two
 * concurrent redemptions cannot both succeed.
 */
export const CODE_TTL_SECONDS = 60;
export const TOKEN_TTL_SECONDS = 3600;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))) compared in constant time */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const given = Buffer.from(challenge);
  return computed.length === given.length && timingSafeEqual(computed, given);
}

export interface ClientRow {
  client_id: string;
  name: string;
  image_url: string;
  redirect_uris: string[];
  allowed_scopes: OAuthScope[];
  dev_only: boolean;
}

export async function findClient(db: Queryable, clientId: string): Promise<ClientRow | null> {
  const r = await db.query<ClientRow>('select client_id, name, image_url, redirect_uris, allowed_scopes, dev_only from oauth_clients where client_id = $1', [clientId]);
  return r.rows[0] ?? null;
}

/** The development sample client (server/oauth/sample-client.ts): registered on first use with this loopback callback. */
export const SAMPLE_CLIENT_ID = 'harbor-sample';
/** The development sample client with exactly the given redirect URIs (from configuration, never from a request). */
export async function registerSampleClient(db: Queryable, redirectUris: string[]) {
  await db.query(
    `insert into oauth_clients (client_id, name, image_url, redirect_uris, allowed_scopes, dev_only)
     values ($1, 'Harbor Sample App', '/oauth-clients/sample.svg', $2::text[], array['account', 'card', 'payment', 'rewards']::text[], true)
     on conflict (client_id) do update set redirect_uris = excluded.redirect_uris`,
    [SAMPLE_CLIENT_ID, redirectUris],
  );
}

export const isScope = (s: string): s is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(s);
/** scopes in the canonical order, without duplicates */
export const sortScopes = (scopes: Iterable<OAuthScope>): OAuthScope[] => OAUTH_SCOPES.filter((s) => new Set(scopes).has(s));

export async function findGrant(db: Queryable, userId: string, clientId: string): Promise<OAuthScope[] | null> {
  const r = await db.query<{ scopes: OAuthScope[] }>('select scopes from oauth_grants where user_id = $1 and client_id = $2', [userId, clientId]);
  return r.rows[0]?.scopes ?? null;
}

export async function saveGrant(db: Queryable, userId: string, clientId: string, scopes: OAuthScope[]) {
  const existing = (await findGrant(db, userId, clientId)) ?? [];
  const all = sortScopes([...existing, ...scopes]);
  await db.query(
    `insert into oauth_grants (user_id, client_id, scopes) values ($1, $2, $3::text[])
     on conflict (user_id, client_id) do update set scopes = excluded.scopes, updated_at = now()`,
    [userId, clientId, all],
  );
}

export async function issueCode(db: Queryable, a: { clientId: string; userId: string; redirectUri: string; scopes: OAuthScope[]; codeChallenge: string }): Promise<string> {
  const code = newSecret();
  await db.query(
    `insert into oauth_codes (code_hash, client_id, user_id, redirect_uri, scopes, code_challenge, expires_at)
     values ($1, $2, $3, $4, $5::text[], $6, now() + ($7 || ' seconds')::interval)`,
    [sha256(code), a.clientId, a.userId, a.redirectUri, a.scopes, a.codeChallenge, String(CODE_TTL_SECONDS)],
  );
  return code;
}

interface CodeRow {
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scopes: OAuthScope[];
  code_challenge: string;
  used: boolean;
  expired: boolean;
}

export type Redemption = { ok: true; token: string; scopes: OAuthScope[] } | { ok: false; why: string };

/**
 * Redeems a code (RFC 6749 section 4.1.3, RFC 7636 section 4.6): it must exist, be unused and unexpired, have been
 * issued to this client for this exact redirect URI, and the verifier must match its challenge. The code is then
 * consumed by a conditional update (only one of two concurrent redemptions wins) and a token issued in the same
 * transaction. A second use of a code revokes the tokens issued for it.
 */
export async function redeemCode(db: Db, a: { code: string; clientId: string; redirectUri: string; verifier: string }): Promise<Redemption> {
  const codeHash = sha256(a.code);
  const r = await db.query<CodeRow>(
    `select client_id, user_id, redirect_uri, scopes, code_challenge, used_at is not null as used, expires_at <= now() as expired
       from oauth_codes where code_hash = $1`,
    [codeHash],
  );
  const row = r.rows[0];
  if (!row) return { ok: false, why: 'The code is not valid.' };
  if (row.used) {
    await db.query('update oauth_tokens set revoked_at = now() where code_hash = $1 and revoked_at is null', [codeHash]);
    return { ok: false, why: 'The code was already used.' };
  }
  if (row.expired) return { ok: false, why: 'The code has expired.' };
  if (row.client_id !== a.clientId) return { ok: false, why: 'The code was issued to another client.' };
  if (row.redirect_uri !== a.redirectUri) return { ok: false, why: 'The redirect URI differs from the one the code was issued for.' };
  if (!pkceMatches(a.verifier, row.code_challenge)) return { ok: false, why: 'The code verifier does not match the challenge.' };
  return db.transaction(async (tx) => {
    const used = await tx.query('update oauth_codes set used_at = now() where code_hash = $1 and used_at is null and expires_at > now() returning code_hash', [codeHash]);
    if (!used.rows.length) return { ok: false as const, why: 'The code was already used.' };
    const token = newSecret();
    await tx.query(
      `insert into oauth_tokens (token_hash, client_id, user_id, scopes, code_hash, expires_at)
       values ($1, $2, $3, $4::text[], $5, now() + ($6 || ' seconds')::interval)`,
      [sha256(token), row.client_id, row.user_id, row.scopes, codeHash, String(TOKEN_TTL_SECONDS)],
    );
    return { ok: true as const, token, scopes: row.scopes };
  });
}

export interface TokenInfo {
  clientId: string;
  userId: string;
  scopes: OAuthScope[];
}

/** A live token: unexpired, not revoked, and its member's grant to the client still exists. */
export async function findToken(db: Queryable, token: string): Promise<TokenInfo | null> {
  const r = await db.query<{ client_id: string; user_id: string; scopes: OAuthScope[] }>(
    `select t.client_id, t.user_id, t.scopes from oauth_tokens t
       join oauth_grants g on g.user_id = t.user_id and g.client_id = t.client_id
      where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now()`,
    [sha256(token)],
  );
  const row = r.rows[0];
  return row ? { clientId: row.client_id, userId: row.user_id, scopes: row.scopes } : null;
}

/** RFC 7009: revokes the token when it belongs to the client; unknown tokens are not an error. */
export async function revokeToken(db: Queryable, token: string, clientId: string) {
  await db.query('update oauth_tokens set revoked_at = now() where token_hash = $1 and client_id = $2 and revoked_at is null', [sha256(token), clientId]);
}

export async function connectedApps(db: Queryable, userId: string) {
  const r = await db.query<{ client_id: string; name: string; image_url: string; scopes: OAuthScope[]; created_at: Date }>(
    `select c.client_id, c.name, c.image_url, g.scopes, g.created_at from oauth_grants g join oauth_clients c using (client_id)
      where g.user_id = $1 order by g.created_at, c.client_id`,
    [userId],
  );
  return r.rows.map((a) => ({ clientId: a.client_id, clientName: a.name, clientImage: a.image_url, scopes: sortScopes(a.scopes), grantedAt: new Date(a.created_at).toISOString() }));
}

/** The member revokes an app: its grant, its unused codes and every token stop at once. Returns whether there was one. */
export async function revokeApp(db: Db, userId: string, clientId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const g = await tx.query('delete from oauth_grants where user_id = $1 and client_id = $2 returning client_id', [userId, clientId]);
    await tx.query('update oauth_tokens set revoked_at = now() where user_id = $1 and client_id = $2 and revoked_at is null', [userId, clientId]);
    await tx.query('update oauth_codes set used_at = now() where user_id = $1 and client_id = $2 and used_at is null', [userId, clientId]);
    return g.rows.length > 0;
  });
}
