import type { Context, Hono } from 'hono';
import { setCookie, deleteCookie } from 'hono/cookie';
import * as v from 'valibot';
import { EmailAddress } from '../../contracts/account.ts';
import { OPT_OUT_COOKIE, PrivacyOptOutRequest, PrivacySettings } from '../../contracts/privacy.ts';
import { UNSUBSCRIBE_TYPES, UnsubscribeRequest, UnsubscribeToken, type UnsubscribeResponse, type UnsubscribeType } from '../../contracts/unsubscribe.ts';
import { rateLimited, requireUser } from '../auth/require.ts';
import { hit } from '../auth/rate-limit.ts';
import { findUserByEmail, findUserById, normalizeEmail } from '../auth/users.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { clientOf } from '../http/client.ts';
import { parse, parseJson, parseQuery } from '../http/validate.ts';
import type { Db, Queryable } from '../db/db.ts';
import { sendMarketingEmail, wantsMarketing } from './marketing.ts';
import { verifyUnsubscribe } from './signing.ts';

/**
 * Privacy opt-out and unsubscribe (spec 2 sections 2, 4, 7, 8; issue 11; docs/consent.md).
 *
 *   POST /apiproxy/v1/privacy/opt-out     { email, optIn: false }: recorded by email for anyone, and on the account
 *                                         when a member files it; the answer never says whether the email is known
 *   GET  /apiproxy/v1/account/privacy     { optedOut }            PUT the same: the member's opt-out
 *   POST /apiproxy/v1/unsubscribe         { token }: the /unsubscribe page (CSRF like every /apiproxy call)
 *   POST /mail/unsubscribe?token=         RFC 8058 one-click (body List-Unsubscribe=One-Click): the mail client's
 *                                         back-channel call, authenticated by the signed token, so no CSRF token
 *   GET  /mail/unsubscribe?token=         changes nothing: 303 to the /unsubscribe page (link scanners fetch GETs)
 *   POST /apiproxy/v1/dev/marketing-mail  { email, type } development only: writes a marketing mail to the outbox
 */
const API = '/apiproxy/v1';
export const INVALID_UNSUBSCRIBE = 'INVALID_UNSUBSCRIBE_LINK';
const YEAR_SECONDS = 365 * 86400;

function rememberOptOut(c: Context<AppEnv>, optedOut: boolean) {
  const secure = clientOf(c).secure;
  if (optedOut) setCookie(c, OPT_OUT_COOKIE, '1', { path: '/', sameSite: 'Lax', httpOnly: false, secure, maxAge: YEAR_SECONDS });
  else deleteCookie(c, OPT_OUT_COOKIE, { path: '/', secure });
}

async function optedOut(db: Queryable, userId: string): Promise<boolean> {
  const r = await db.query<{ o: boolean }>(
    `select u.privacy_opt_out or exists (select 1 from privacy_opt_outs p where p.email_normalized = u.email_normalized) as o from users u where u.id = $1`,
    [userId],
  );
  return !!r.rows[0]?.o;
}

/** Turns off the preferences of one type for the member; false when the member no longer exists. */
async function unsubscribe(db: Db, userId: string, type: UnsubscribeType, via: 'page' | 'one-click'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r =
      type === 'personalized'
        ? await tx.query('update users set receive_personalized_email = false, updated_at = now() where id = $1 returning id', [userId])
        : await tx.query('update users set receive_product_email = false, receive_general_email = false, updated_at = now() where id = $1 returning id', [userId]);
    if (!r.rows.length) return false;
    await tx.query('insert into unsubscribe_events (user_id, type, via) values ($1, $2, $3)', [userId, type, via]);
    return true;
  });
}

const invalidLink = () => new ApiError(400, INVALID_UNSUBSCRIBE, 'This unsubscribe link is not valid or has expired.', { field: 'token' });

async function unsubscribeWith(c: Context<AppEnv>, token: string, via: 'page' | 'one-click'): Promise<UnsubscribeType> {
  const { db } = c.var.deps;
  const t = await verifyUnsubscribe(db, token);
  if (!t.ok || !(await unsubscribe(db, t.userId, t.type, via))) throw invalidLink();
  return t.type;
}

const OneClickQuery = v.object({ token: UnsubscribeToken });
const DevMarketingRequest = v.object({ email: EmailAddress, type: v.picklist(UNSUBSCRIBE_TYPES) });

/** POST /privacy/opt-out (guests too): at most this many per IP per hour, then 429 RATE_LIMITED */
export const OPT_OUTS_PER_IP_PER_HOUR = 20;

export function registerPrivacyRoutes(app: Hono<AppEnv>, opts: { devTools: boolean }) {
  app.post(`${API}/privacy/opt-out`, async (c) => {
    const body = await parseJson(c, PrivacyOptOutRequest);
    const { db } = c.var.deps;
    // open to anyone: per-IP limit (issue 25), counted before anything is written
    const limited = await hit(db, `privacy-opt-out:ip:${clientOf(c).ip}`, 3600_000);
    if (limited.count > OPT_OUTS_PER_IP_PER_HOUR) throw rateLimited(c, limited.retryAfterSeconds);
    const userId = c.var.session?.userId ?? null;
    await db.transaction(async (tx) => {
      await tx.query('insert into privacy_opt_outs (email_normalized, user_id, source) values ($1, $2, $3)', [normalizeEmail(body.email), userId, 'form']);
      if (userId) await tx.query('update users set privacy_opt_out = true, privacy_opt_out_at = now() where id = $1', [userId]);
    });
    rememberOptOut(c, true);
    // the same answer whether or not the email belongs to an account
    return c.json({ ok: true });
  });

  app.get(`${API}/account/privacy`, async (c) => {
    const out: PrivacySettings = { optedOut: await optedOut(c.var.deps.db, requireUser(c).userId) };
    return c.json(out);
  });

  app.put(`${API}/account/privacy`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, PrivacySettings);
    const { db } = c.var.deps;
    const user = await findUserById(db, s.userId);
    if (!user) throw badRequest('No such account.');
    await db.transaction(async (tx) => {
      await tx.query('update users set privacy_opt_out = $2, privacy_opt_out_at = case when $2 then now() else null end where id = $1', [s.userId, body.optedOut]);
      if (body.optedOut) await tx.query(`insert into privacy_opt_outs (email_normalized, user_id, source) values ($1, $2, 'settings')`, [normalizeEmail(user.email), s.userId]);
      // withdrawing removes the requests filed under the account's email too (the member is that email's owner)
      else await tx.query('delete from privacy_opt_outs where email_normalized = $1', [normalizeEmail(user.email)]);
    });
    rememberOptOut(c, body.optedOut);
    const out: PrivacySettings = { optedOut: await optedOut(db, s.userId) };
    return c.json(out);
  });

  app.post(`${API}/unsubscribe`, async (c) => {
    const body = await parseJson(c, UnsubscribeRequest);
    const out: UnsubscribeResponse = { type: await unsubscribeWith(c, body.token, 'page') };
    return c.json(out);
  });

  app.post('/mail/unsubscribe', async (c) => {
    const { token } = parseQuery(c, OneClickQuery);
    const form = new URLSearchParams(await c.req.text());
    if (form.get('List-Unsubscribe') !== 'One-Click') throw badRequest('List-Unsubscribe: must be One-Click (RFC 8058).', 'List-Unsubscribe');
    const type = await unsubscribeWith(c, token, 'one-click');
    return c.json({ ok: true, type });
  });

  app.get('/mail/unsubscribe', (c) => {
    const token = c.req.query('token') ?? '';
    return c.redirect(`/unsubscribe?token=${encodeURIComponent(parse(v.fallback(UnsubscribeToken, ''), token))}`, 303);
  });
  app.all('/mail/*', () => {
    throw new ApiError(404, 'NOT_FOUND', 'No such endpoint.');
  });

  if (opts.devTools) {
    app.post(`${API}/dev/marketing-mail`, async (c) => {
      const body = await parseJson(c, DevMarketingRequest);
      const { db, config } = c.var.deps;
      const user = await findUserByEmail(db, body.email);
      if (!user) throw badRequest('No account has that email.', 'email');
      if (!(await wantsMarketing(db, user.id, body.type))) return c.json({ sent: false });
      const sent = await sendMarketingEmail(db, user, body.type, config.brand.name);
      return c.json({ sent: true, ...sent });
    });
  }
}
