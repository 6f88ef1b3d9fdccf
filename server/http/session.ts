import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import type { Queryable } from '../db/db.ts';
import type { AppEnv } from './types.ts';
import { clientOf, cookieName } from './client.ts';

/**
 * Server-side sessions. The cookie holds a random 256-bit token; the database keeps only its SHA-256.
 * A session row exists only for a signed-in user; a guest has no session (the spec's "session metadata"
 * is GET /apiproxy/v1/session).
 */
export const SESSION_COOKIE = 'sid';
/** the name under https (server/http/client.ts: Secure and the `__Host-` prefix) */
export const SECURE_SESSION_COOKIE = '__Host-sid';

export const SESSION_LIFETIME = {
  /** without keep-me-signed-in: idle 2 hours, absolute 12 hours, browser-session cookie */
  normal: { idleMs: 2 * 3600_000, absoluteMs: 12 * 3600_000 },
  /** keep me signed in: idle 14 days, absolute 30 days, persistent cookie */
  remember: { idleMs: 14 * 86400_000, absoluteMs: 30 * 86400_000 },
} as const;

export interface SessionInfo {
  idHash: string;
  userId: string;
  rememberMe: boolean;
  createdAt: Date;
  mfaVerifiedAt: Date | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Secure cookies exactly when the browser uses https (directly or through a TRUST_PROXY proxy). */
const secureCookies = (c: Context): boolean => clientOf(c).secure;

/** Loads the session named by the cookie (sliding its idle expiry) into c.var.session. */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, cookieName(c, SESSION_COOKIE));
  c.set('session', null);
  if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
    const { db } = c.var.deps;
    const idHash = hashToken(token);
    const r = await db.query<{ user_id: string; remember_me: boolean; created_at: Date; mfa_verified_at: Date | null; idle_expires_at: Date; absolute_expires_at: Date }>(
      `select user_id, remember_me, created_at, mfa_verified_at, idle_expires_at, absolute_expires_at
         from sessions where id_hash = $1 and user_id is not null and idle_expires_at > now() and absolute_expires_at > now()`,
      [idHash],
    );
    const row = r.rows[0];
    if (row) {
      const life = row.remember_me ? SESSION_LIFETIME.remember : SESSION_LIFETIME.normal;
      await db.query(`update sessions set last_seen_at = now(), idle_expires_at = least(absolute_expires_at, now() + ($2 || ' milliseconds')::interval) where id_hash = $1`, [idHash, String(life.idleMs)]);
      c.set('session', { idHash, userId: row.user_id, rememberMe: row.remember_me, createdAt: new Date(row.created_at), mfaVerifiedAt: row.mfa_verified_at ? new Date(row.mfa_verified_at) : null });
    } else {
      deleteCookie(c, cookieName(c, SESSION_COOKIE), { path: '/', secure: secureCookies(c) });
    }
  }
  await next();
};

/** Starts a new session for the user (a fresh token every sign-in: no session fixation). */
export async function startSession(c: Context<AppEnv>, db: Queryable, userId: string, opts: { rememberMe: boolean; mfaVerified?: boolean }) {
  const previous = c.var.session;
  if (previous) await db.query('delete from sessions where id_hash = $1', [previous.idHash]);
  const token = randomBytes(32).toString('base64url');
  const life = opts.rememberMe ? SESSION_LIFETIME.remember : SESSION_LIFETIME.normal;
  await db.query(
    `insert into sessions (id_hash, user_id, remember_me, idle_expires_at, absolute_expires_at, mfa_verified_at, user_agent)
     values ($1, $2, $3, now() + ($4 || ' milliseconds')::interval, now() + ($5 || ' milliseconds')::interval, $6, $7)`,
    [hashToken(token), userId, opts.rememberMe, String(life.idleMs), String(life.absoluteMs), opts.mfaVerified ? new Date() : null, c.req.header('user-agent')?.slice(0, 300) ?? null],
  );
  setCookie(c, cookieName(c, SESSION_COOKIE), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(c),
    ...(opts.rememberMe ? { maxAge: Math.floor(life.absoluteMs / 1000) } : {}),
  });
  return token;
}

export async function endSession(c: Context<AppEnv>, db: Queryable) {
  const s = c.var.session;
  if (s) await db.query('delete from sessions where id_hash = $1', [s.idHash]);
  deleteCookie(c, cookieName(c, SESSION_COOKIE), { path: '/', secure: secureCookies(c) });
  c.set('session', null);
}
