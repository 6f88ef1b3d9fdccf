import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { signingKey } from '../db/signing-keys.ts';
import { UNSUBSCRIBE_LINK_TTL_SECONDS, UNSUBSCRIBE_TYPES, type UnsubscribeType } from '../../contracts/unsubscribe.ts';

/**
 * Signed, expiring unsubscribe tokens (issue 11, docs/consent.md): base64url(JSON { u: user id, t: type, x: expiry
 * in epoch seconds }) '.' base64url(HMAC-SHA256(key, payload)). The key is UNSUBSCRIBE_SECRET when set, else a random
 * key made on first use and kept in signing_keys (every server process of one database shares it).
 */
export const unsubscribeKey = (db: Queryable): Promise<Buffer> => signingKey(db, 'unsubscribe', process.env.UNSUBSCRIBE_SECRET);

export async function signUnsubscribe(db: Queryable, userId: string, type: UnsubscribeType, now = Date.now()): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ u: userId, t: type, x: Math.floor(now / 1000) + UNSUBSCRIBE_LINK_TTL_SECONDS })).toString('base64url');
  const mac = createHmac('sha256', await unsubscribeKey(db)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

export type Verified = { ok: true; userId: string; type: UnsubscribeType } | { ok: false; why: 'forged' | 'expired' };

export async function verifyUnsubscribe(db: Queryable, token: string, now = Date.now()): Promise<Verified> {
  const [payload = '', mac = ''] = token.split('.');
  const want = Buffer.from(createHmac('sha256', await unsubscribeKey(db)).update(payload).digest('base64url'));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, why: 'forged' };
  let body: { u?: unknown; t?: unknown; x?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof body;
  } catch {
    return { ok: false, why: 'forged' };
  }
  if (typeof body.u !== 'string' || !(UNSUBSCRIBE_TYPES as readonly unknown[]).includes(body.t) || typeof body.x !== 'number') return { ok: false, why: 'forged' };
  if (body.x * 1000 <= now) return { ok: false, why: 'expired' };
  return { ok: true, userId: body.u, type: body.t as UnsubscribeType };
}
