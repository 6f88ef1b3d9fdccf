process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Queryable } from '../db/db.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createMember } from '../cards/test-helpers.ts';
import { campaignLink, redeemPromoCode } from './campaigns.ts';

/**
 * docs/rewards.md 3.5, 3.6, 5 (spec 3 section 4 "Promo redemption", section 8 codes): every seeded link's outcome,
 * REDEEM_PROMO_CODE once per member (a second time 1004, 20 at once: one grant), a single-use campaign granted once
 * among 10 members, and the HTTP edges (401 signed out, 400 on a malformed code, 404 on a malformed match id).
 */
const AT = new Date('2026-11-28T12:00:00Z');

async function newUser(db: Queryable, opts: { market?: string; createdAt?: string } = {}): Promise<string> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  await db.query(
    `insert into users (id, ex_id, email, email_normalized, password_hash, first_name, last_name, market, created_at) values ($1, $1, $2, $2, 'x', 'Pat', 'Lee', $3, $4)`,
    [id, `${id}@example.com`, opts.market ?? 'US', opts.createdAt ?? '2026-06-01T00:00:00Z'],
  );
  return id;
}

const codeOf = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as { code: string }).code;
  }
};

forEachDb('promo campaigns', ({ db }) => {
  it('answers each seeded link with its data or its code (1002, 1003, 1004, 1006, 1007, 1009) and the cap (1005)', async () => {
    const u = await newUser(db());
    const link = await campaignLink(db(), u, 'spring-latte-01', AT);
    expect(link).toEqual({
      matchId: 'spring-latte-01',
      campaignCode: 'SPRING-LATTE',
      linkData: { PromoCode: 'SPRINGLATTE', utm: 'spring-mail' },
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2099-12-31T23:59:59.000Z',
      markets: ['US'],
      eligibleFrom: '2020-01-01T00:00:00.000Z',
    });
    expect((await campaignLink(db(), u, 'spring-latte-02', AT)).linkData).toEqual({ promocode: 'springlatte' });
    expect((await campaignLink(db(), u, 'pastry-ca', AT)).markets).toEqual(['CA']);
    expect((await campaignLink(db(), u, 'founders-link', AT)).eligibleFrom).toBe('2099-01-01T00:00:00.000Z');
    expect((await campaignLink(db(), u, 'no-code-link', AT)).linkData).toEqual({ utm: 'mail' });
    const codes: Record<string, string> = {};
    for (const id of ['nope-nope', 'bad-data', 'withdrawn-link', 'future-link', 'winter-2025', 'old-link', 'tiny-cap']) codes[id] = await codeOf(campaignLink(db(), u, id, AT));
    expect(codes).toEqual({ 'nope-nope': '1002', 'bad-data': '1009', 'withdrawn-link': '1004', 'future-link': '1006', 'winter-2025': '1003', 'old-link': '1007', 'tiny-cap': 'ok' });
    // the cap reached by another member: 1005 at the link
    await redeemPromoCode(db(), await newUser(db()), 'onlyone', AT).catch(() => undefined);
    expect(await codeOf(campaignLink(db(), u, 'tiny-cap', AT))).toBe('1005');
  });

  it('REDEEM_PROMO_CODE: every code of the seeded campaigns, and PROMO_INELIGIBLE by market and by join date', async () => {
    const us = await newUser(db());
    const ca = await newUser(db(), { market: 'CA' });
    expect(await codeOf(redeemPromoCode(db(), us, 'NOSUCHCODE', AT))).toBe('1002');
    expect(await codeOf(redeemPromoCode(db(), us, 'PULLED', AT))).toBe('1004');
    expect(await codeOf(redeemPromoCode(db(), us, 'SOON', AT))).toBe('1006');
    expect(await codeOf(redeemPromoCode(db(), us, 'winter25', AT))).toBe('1003');
    expect(await codeOf(redeemPromoCode(db(), us, 'PASTRYCA', AT))).toBe('PROMO_INELIGIBLE');
    expect(await codeOf(redeemPromoCode(db(), us, 'FOUNDERSDRINK', AT))).toBe('PROMO_INELIGIBLE');
    expect(await codeOf(redeemPromoCode(db(), ca, 'SPRINGLATTE', AT))).toBe('PROMO_INELIGIBLE');
    expect(await redeemPromoCode(db(), ca, 'pastryca', AT)).toEqual({ message: 'Success!' });
    const held = await db().query('select user_id from member_rewards where source_ref in ($1, $2, $3, $4, $5)', ['WITHDRAWN', 'FUTURE', 'WINTER-2025', 'FOUNDERS-PROMO', 'PASTRY-CA']);
    expect(held.rows).toEqual([{ user_id: ca }]);
  });

  it('grants once: the second redemption (either case, either link) is 1004 and the link then answers 1004', async () => {
    const u = await newUser(db());
    expect(await redeemPromoCode(db(), u, 'SPRINGLATTE', AT)).toEqual({ message: 'Success!' });
    const grant = await db().query<{ offer_code: string; expires_at: Date; granted_at: Date }>("select offer_code, granted_at, expires_at from member_rewards where user_id = $1 and source = 'promo'", [u]);
    expect(grant.rows).toHaveLength(1);
    expect(grant.rows[0]!.offer_code).toBe('PROMOLATTE');
    expect(new Date(grant.rows[0]!.expires_at).getTime() - new Date(grant.rows[0]!.granted_at).getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(await codeOf(redeemPromoCode(db(), u, 'springlatte', AT))).toBe('1004');
    expect(await codeOf(campaignLink(db(), u, 'spring-latte-01', AT))).toBe('1004');
    expect(await codeOf(campaignLink(db(), u, 'spring-latte-02', AT))).toBe('1004');
  });

  it('20 parallel redemptions by one member: one grant, 19 × 1004', async () => {
    const u = await newUser(db());
    const before = (await db().query<{ redemptions: number }>("select redemptions from campaigns where campaign_code = 'SPRING-LATTE'")).rows[0]!.redemptions;
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(redeemPromoCode(db(), u, 'SPRINGLATTE', AT))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === '1004')).toHaveLength(19);
    expect((await db().query('select 1 from member_rewards where user_id = $1', [u])).rows).toHaveLength(1);
    const after = (await db().query<{ redemptions: number }>("select redemptions from campaigns where campaign_code = 'SPRING-LATTE'")).rows[0]!.redemptions;
    expect(after - before).toBe(1);
  });

  it('10 members at once on the single-use campaign ONLYONE: one grant, 9 × 1005', async () => {
    await db().query("update campaigns set redemptions = 0 where campaign_code = 'TINY-CAP'");
    await db().query("delete from member_rewards where source_ref = 'TINY-CAP'");
    const users = await Promise.all(Array.from({ length: 10 }, () => newUser(db())));
    const codes = await Promise.all(users.map((u) => codeOf(redeemPromoCode(db(), u, 'ONLYONE', AT))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === '1005')).toHaveLength(9);
    expect((await db().query("select 1 from member_rewards where source_ref = 'TINY-CAP'")).rows).toHaveLength(1);
    expect((await db().query<{ redemptions: number }>("select redemptions from campaigns where campaign_code = 'TINY-CAP'")).rows[0]!.redemptions).toBe(1);
  });

  it('1008 after 60 look-ups in an hour', async () => {
    const u = await newUser(db());
    for (let i = 0; i < 60; i++) await campaignLink(db(), u, 'spring-latte-01', AT);
    const e = await campaignLink(db(), u, 'spring-latte-01', AT).catch((x: unknown) => x as { code: string; status: number });
    expect(e).toMatchObject({ code: '1008', status: 429 });
  });

  it('over HTTP: 401 signed out; the link, 404 1002, 400 on a malformed match id; REDEEM_PROMO_CODE once, then 1004; 400 field promoCode', async () => {
    const c = testClient(appFor(db()));
    expect((await c.get('/apiproxy/v1/campaign-links/spring-latte-01')).status).toBe(401);
    const redeem = (promoCode: unknown) => c.post('/apiproxy/v1/graphql', { query: 'mutation RedeemPromoCode($promoCode: String!) { redeemPromoCode(promoCode: $promoCode) { message } }', variables: { promoCode } });
    expect((await redeem('SPRINGLATTE')).json.errors[0].extensions).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await createMember(c);
    const link = await c.get('/apiproxy/v1/campaign-links/spring-latte-02');
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    expect(link.json.linkData).toEqual({ promocode: 'springlatte' });
    const unknown = await c.get('/apiproxy/v1/campaign-links/not-a-link');
    expect([unknown.status, unknown.json.code, unknown.json.message]).toEqual([404, '1002', 'Looks like this offer could not be validated. Please try again.']);
    expect((await c.get('/apiproxy/v1/campaign-links/a%20b')).status).toBe(400);
    expect((await c.get('/apiproxy/v1/campaign-links/winter-2025')).json).toMatchObject({ code: '1003', message: 'Looks like this offer can no longer be redeemed.' });
    expect((await c.get('/apiproxy/v1/campaign-links/future-link')).json).toMatchObject({ code: '1006', message: 'Looks like you tried to redeem this offer too soon. Try again later.' });
    const first = await redeem('springlatte');
    expect(first.json).toEqual({ data: { redeemPromoCode: { message: 'Success!' } } });
    const second = await redeem('SPRINGLATTE');
    expect(second.json.errors[0].extensions).toMatchObject({ code: '1004', status: 410, message: 'Looks like this offer can no longer be redeemed.' });
    const bad = await redeem('no spaces<>');
    expect(bad.json.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', status: 400, field: 'promoCode' });
    const ineligible = await redeem('PASTRYCA');
    expect(ineligible.json.errors[0].extensions).toMatchObject({ code: 'PROMO_INELIGIBLE', status: 403, message: "Looks like you're not eligible for this offer." });
  }, 120_000); // a member created over HTTP and the GraphQL module's first load: slow on a loaded PGlite
});
