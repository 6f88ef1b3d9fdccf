import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { HotelPartnerSlug, PartnerCallbackForm, PartnerCodes, PartnerMessages, type PartnerAuthenticateAnswer, type PartnerUnlinkAnswer } from '../../contracts/rewards-partner.ts';
import type { Db, Queryable } from '../db/db.ts';
import { signingKey } from '../db/signing-keys.ts';
import { ApiError } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { requireUser } from '../auth/require.ts';
import { clientOf } from '../http/client.ts';
import { now } from '../clock.ts';
import type { PartnerSettings } from './partner-settings.ts';

/**
 * The hotel partner link and unlink (spec 3 sections 4 "Partner link and unlink", 7; docs/rewards.md 3.7, 4.3):
 *
 *   GET  /apiproxy/v1/rewards/partnerships/{hotelPartner}/authenticate  member: { redirectURL } = the configured
 *        authorize URL + ?state=<signed state>; nothing of the request goes into it (no open redirect)
 *   POST /apiproxy/v1/rewards/partnerships/{hotelPartner}/unlink        member (CSRF): { unlinked: true }, or 404 8001034
 *   POST /apiproxy/v1/rewards/partnerships/{hotelPartner}/callback      the partner's form: always a 302 to one of
 *        three constant paths (PARTNER_RETURN)
 *
 * The state: base64url(JSON { u: user id, p: partner, n: nonce, x: expiry ms }) + '.' + base64url(HMAC-SHA256).
 * The callback is not CSRF-token protected (a form POST from the partner's page cannot send the header): the signed
 * state is its CSRF defence, bound to the signed-in member (u), to this partner, to 10 minutes and to one use (the
 * nonce row is claimed by one conditional update). An Origin header, when sent, must be this server's or the
 * configured partner's.
 */
export const PARTNER_API = '/apiproxy/v1/rewards/partnerships';
export const STATE_TTL_MS = 10 * 60 * 1000;

/** the callback's answers: constant paths only (the slug is the one configured partner's, a constant too) */
export const PARTNER_RETURN = {
  success: '/rewards/partnerships/lodgecrest/success',
  alreadyLinked: '/rewards/partnerships/lodgecrest/already-linked',
  error: '/rewards/partnerships/lodgecrest/error',
} as const;
type Outcome = keyof typeof PARTNER_RETURN;

/** The callback path: the /apiproxy CSRF layer lets it through (server/app.ts), the state protects it. */
export const isPartnerCallback = (method: string, path: string) => method === 'POST' && /^\/apiproxy\/v1\/rewards\/partnerships\/[^/]+\/callback$/.test(path);

const partnerNotFound = () => new ApiError(404, PartnerCodes.partnerNotFound, "This partnership isn't available right now.");
const notLinked = () => new ApiError(404, PartnerCodes.notLinked, PartnerMessages.notLinked, { error: { code: PartnerCodes.notLinked } });
const alreadyLinked = () => new ApiError(409, PartnerCodes.alreadyLinked, PartnerMessages.alreadyLinked);

const Params = v.object({ hotelPartner: HotelPartnerSlug });

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const macOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(`partner-state:${payload}`).digest('base64url');

export interface StateClaims {
  u: string;
  p: string;
  n: string;
  x: number;
}

export async function stateKey(db: Queryable, settings: Pick<PartnerSettings, 'stateSecret'>): Promise<Buffer> {
  return signingKey(db, 'partner-state', settings.stateSecret);
}

export function signState(key: Buffer, claims: StateClaims): string {
  const payload = b64(JSON.stringify(claims));
  return `${payload}.${macOf(key, payload)}`;
}

/** The claims of a state whose MAC is right, else null (expiry and the rest are the caller's). */
export function verifyState(key: Buffer, state: string): StateClaims | null {
  const dot = state.indexOf('.');
  if (dot <= 0) return null;
  const payload = state.slice(0, dot);
  const expected = Buffer.from(macOf(key, payload));
  const given = Buffer.from(state.slice(dot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<StateClaims>;
    if (typeof c.u !== 'string' || typeof c.p !== 'string' || typeof c.n !== 'string' || typeof c.x !== 'number') return null;
    return { u: c.u, p: c.p, n: c.n, x: c.x };
  } catch {
    return null;
  }
}

/** authenticate: 409 when linked, else a nonce row and the authorize URL with the signed state. */
export async function authenticatePartner(db: Db, settings: PartnerSettings, userId: string, at = now()): Promise<PartnerAuthenticateAnswer> {
  const linked = await db.query('select 1 from partner_links where user_id = $1 and partner = $2', [userId, settings.slug]);
  if (linked.rows.length) throw alreadyLinked();
  const nonce = randomBytes(18).toString('base64url');
  const expires = new Date(at.getTime() + STATE_TTL_MS);
  // old rows go with each new one (a member's unused states, expired for a day)
  await db.query(`delete from partner_link_states where expires_at < $1`, [new Date(at.getTime() - 24 * 3600 * 1000)]);
  await db.query('insert into partner_link_states (nonce, user_id, partner, expires_at) values ($1, $2, $3, $4)', [nonce, userId, settings.slug, expires]);
  const state = signState(await stateKey(db, settings), { u: userId, p: settings.slug, n: nonce, x: expires.getTime() });
  return { redirectURL: `${settings.authorizeUrl}?state=${encodeURIComponent(state)}` };
}

export async function unlinkPartner(db: Db, settings: PartnerSettings, userId: string): Promise<PartnerUnlinkAnswer> {
  const r = await db.query('delete from partner_links where user_id = $1 and partner = $2', [userId, settings.slug]);
  if (r.rowCount === 0) throw notLinked();
  return { unlinked: true };
}

/** The callback's decision (every refusal is 'error'); `userId` is the signed-in member, or null. */
export async function completeLink(db: Db, settings: PartnerSettings, userId: string | null, form: unknown, at = now()): Promise<Outcome> {
  const parsed = v.safeParse(PartnerCallbackForm, form);
  if (!parsed.success || !userId) return 'error';
  const { state, partnerMemberId, outcome } = parsed.output;
  const claims = verifyState(await stateKey(db, settings), state);
  if (!claims || claims.p !== settings.slug || claims.u !== userId || claims.x <= at.getTime()) return 'error';
  // single use: one conditional update claims the nonce (a replay, even a concurrent one, finds it used)
  const claimed = await db.query(
    `update partner_link_states set used_at = $4 where nonce = $1 and user_id = $2 and partner = $3 and used_at is null and expires_at > $4`,
    [claims.n, userId, settings.slug, at],
  );
  if (claimed.rowCount !== 1) return 'error';
  if (outcome !== 'linked' || !partnerMemberId) return 'error';
  try {
    return await db.transaction(async (tx) => {
      const ins = await tx.query(
        `insert into partner_links (user_id, partner, partner_member_id, linked_at) values ($1, $2, $3, $4) on conflict (user_id, partner) do nothing`,
        [userId, settings.slug, partnerMemberId, at],
      );
      if (ins.rowCount === 0) return 'alreadyLinked' as const;
      await enrolPartnerBonus(tx, userId, at);
      return 'success' as const;
    });
  } catch (e) {
    // another member holds this partner number (unique (partner, partner_member_id))
    if ((e as { code?: string }).code === '23505') return 'error';
    throw e;
  }
}

/** A linked member is enrolled in PARTNERSTAY (source 'external'), when the bonus offers exist (R2's migration 062). */
async function enrolPartnerBonus(tx: Queryable, userId: string, at: Date) {
  const t = await tx.query<{ present: boolean }>(`select to_regclass('bonus_enrolments') is not null as present`);
  if (!t.rows[0]?.present) return;
  await tx.query(
    `insert into bonus_enrolments (user_id, offer_code, source, uses_left, enrolled_at)
     select $1, offer_code, 'external', uses, $2 from bonus_offers where offer_code = 'PARTNERSTAY'
     on conflict (user_id, offer_code) do nothing`,
    [userId, at],
  );
}

function partnerOf(c: Context<AppEnv>, settings: PartnerSettings): void {
  const p = v.safeParse(Params, c.req.param());
  if (!settings.enabled || !p.success || p.output.hotelPartner !== settings.slug) throw partnerNotFound();
}

export function registerPartnerRoutes(app: Hono<AppEnv>, settings: PartnerSettings) {
  app.get(`${PARTNER_API}/:hotelPartner/authenticate`, async (c) => {
    partnerOf(c, settings);
    const s = requireUser(c);
    return c.json(await authenticatePartner(c.var.deps.db, settings, s.userId));
  });

  app.post(`${PARTNER_API}/:hotelPartner/unlink`, async (c) => {
    partnerOf(c, settings);
    const s = requireUser(c);
    return c.json(await unlinkPartner(c.var.deps.db, settings, s.userId));
  });

  app.post(`${PARTNER_API}/:hotelPartner/callback`, async (c) => {
    const go = (o: Outcome) => {
      c.header('Cache-Control', 'no-store');
      return c.redirect(PARTNER_RETURN[o], 302);
    };
    const p = v.safeParse(Params, c.req.param());
    if (!settings.enabled || !p.success || p.output.hotelPartner !== settings.slug) return go('error');
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== clientOf(c).origin && origin !== settings.authorizeOrigin) return go('error');
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '')) return go('error');
    const form = new URLSearchParams(await c.req.text());
    const fields: Record<string, string> = {};
    for (const name of ['state', 'partnerMemberId', 'outcome']) {
      const value = form.get(name);
      if (value !== null && value !== '') fields[name] = value;
    }
    return go(await completeLink(c.var.deps.db, settings, c.var.session?.userId ?? null, fields, now()));
  });
}
