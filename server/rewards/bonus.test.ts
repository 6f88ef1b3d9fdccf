process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Queryable } from '../db/db.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createMember } from '../cards/test-helpers.ts';
import { bonusFor, enrolExternal, giveBonusUseBack, optInBonus } from './bonus.ts';

/**
 * docs/rewards.md 3.5 (issue 27 "opts in and earns it on the next order"): each opt-in outcome of the seeded bonus
 * offers, the order's bonus (DOUBLE3 on four orders: three bonuses; the multiplier event only inside its window;
 * the largest multiplier first), concurrent opt-ins and concurrent orders never using more than the offer allows.
 */
const AT = new Date('2026-11-28T12:00:00Z');

async function newUser(db: Queryable): Promise<string> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  await db.query(`insert into users (id, ex_id, email, email_normalized, password_hash, first_name, last_name) values ($1, $1, $2, $2, 'x', 'Pat', 'Lee')`, [id, `${id}@example.com`]);
  return id;
}
const codeOf = async (p: Promise<unknown>) => p.then((x) => x, (e: { code: string }) => e.code);

forEachDb('bonus offers', ({ db }) => {
  it('opt-in outcomes: success then active-choice, success-multiplier then active-multiplier, expired, expired-multiplier, the choice group, external, unknown', async () => {
    const u = await newUser(db());
    const opt = (code: string, at = AT) => codeOf(optInBonus(db(), u, code, at).then((r) => r.outcome));
    expect(await opt('DOUBLE3')).toBe('success');
    expect(await opt('DOUBLE3')).toBe('active-choice');
    expect(await opt('TRIPLEDAYS')).toBe('success-multiplier');
    expect(await opt('TRIPLEDAYS')).toBe('active-multiplier');
    expect(await opt('SPRING24')).toBe('expired');
    expect(await opt('SUMMER24X')).toBe('expired-multiplier');
    expect(await opt('DOUBLE3', new Date('2025-12-31T23:59:59Z'))).toBe('expired'); // before the window
    expect(await opt('PICKONE-A')).toBe('success');
    expect(await opt('PICKONE-B')).toBe('active-choice');
    expect(await opt('PARTNERSTAY')).toBe('BONUS_EXTERNAL_ONLY');
    expect(await opt('NOSUCH')).toBe('BONUS_NOT_FOUND');
    expect(await enrolExternal(db(), u, 'PARTNERSTAY', AT)).toBe(true);
    expect(await opt('PARTNERSTAY')).toBe('active-external');
    const rows = await db().query<{ offer_code: string; uses_left: number | null; source: string }>('select offer_code, uses_left, source from bonus_enrolments where user_id = $1 order by offer_code', [u]);
    expect(rows.rows).toEqual([
      { offer_code: 'DOUBLE3', uses_left: 3, source: 'web' },
      { offer_code: 'PARTNERSTAY', uses_left: 5, source: 'external' },
      { offer_code: 'PICKONE-A', uses_left: 2, source: 'web' },
      { offer_code: 'TRIPLEDAYS', uses_left: null, source: 'web' },
    ]);
  });

  it('DOUBLE3 on four orders: three bonuses of the base, the fourth none; a zero base takes no use', async () => {
    const u = await newUser(db());
    await optInBonus(db(), u, 'DOUBLE3', AT);
    expect(await bonusFor(db(), u, 0, AT)).toBeNull();
    const bonuses = [];
    for (const base of [7, 12, 5, 9]) bonuses.push(await db().transaction((tx) => bonusFor(tx, u, base, AT)));
    expect(bonuses).toEqual([{ offerCode: 'DOUBLE3', extra: 7 }, { offerCode: 'DOUBLE3', extra: 12 }, { offerCode: 'DOUBLE3', extra: 5 }, null]);
    // a cancelled order gives its use back, never above the offer's three
    await giveBonusUseBack(db(), u, 'DOUBLE3');
    await giveBonusUseBack(db(), u, 'DOUBLE3');
    await giveBonusUseBack(db(), u, 'DOUBLE3');
    await giveBonusUseBack(db(), u, 'DOUBLE3');
    expect((await db().query('select uses_left from bonus_enrolments where user_id = $1', [u])).rows).toEqual([{ uses_left: 3 }]);
  });

  it('the multiplier event applies inside its window only (starts inclusive, ends exclusive); the larger multiplier wins and keeps the count use', async () => {
    const u = await newUser(db());
    await db().query("update bonus_offers set starts_at = '2026-01-01T00:00:00Z', ends_at = '2099-12-31T23:59:59Z' where offer_code = 'TRIPLEDAYS'");
    await optInBonus(db(), u, 'TRIPLEDAYS', AT);
    expect(await bonusFor(db(), u, 10, new Date('2025-12-31T23:59:59.999Z'))).toBeNull();
    expect(await bonusFor(db(), u, 10, new Date('2026-01-01T00:00:00Z'))).toEqual({ offerCode: 'TRIPLEDAYS', extra: 20 });
    expect(await bonusFor(db(), u, 10, new Date('2099-12-31T23:59:58Z'))).toEqual({ offerCode: 'TRIPLEDAYS', extra: 20 });
    expect(await bonusFor(db(), u, 10, new Date('2099-12-31T23:59:59Z'))).toBeNull();
    await optInBonus(db(), u, 'DOUBLE3', AT);
    expect(await bonusFor(db(), u, 3, AT)).toEqual({ offerCode: 'TRIPLEDAYS', extra: 6 });
    expect((await db().query("select uses_left from bonus_enrolments where user_id = $1 and offer_code = 'DOUBLE3'", [u])).rows).toEqual([{ uses_left: 3 }]);
  });

  it('10 orders at once on DOUBLE3: exactly three bonuses', async () => {
    const u = await newUser(db());
    await optInBonus(db(), u, 'DOUBLE3', AT);
    const got = await Promise.all(Array.from({ length: 10 }, () => db().transaction((tx) => bonusFor(tx, u, 10, AT))));
    expect(got.filter((b) => b !== null)).toHaveLength(3);
    expect((await db().query('select uses_left from bonus_enrolments where user_id = $1', [u])).rows).toEqual([{ uses_left: 0 }]);
  });

  it('10 opt-ins at once: one success, the rest active-choice; both offers of a choice group at once: one enrolment', async () => {
    const u = await newUser(db());
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => optInBonus(db(), u, 'DOUBLE3', AT).then((r) => r.outcome)));
    expect(outcomes.filter((o) => o === 'success')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'active-choice')).toHaveLength(9);
    const v = await newUser(db());
    const pick = await Promise.all(['PICKONE-A', 'PICKONE-B', 'PICKONE-A', 'PICKONE-B'].map((code) => optInBonus(db(), v, code, AT).then((r) => r.outcome)));
    expect(pick.filter((o) => o === 'success')).toHaveLength(1);
    expect((await db().query('select 1 from bonus_enrolments where user_id = $1', [v])).rows).toHaveLength(1);
  });

  it('over HTTP: 401 signed out, the outcome, 404 BONUS_NOT_FOUND, 403 BONUS_EXTERNAL_ONLY, 400 on a malformed code, 403 without CSRF', async () => {
    const c = testClient(appFor(db()));
    const url = (code: string) => `/apiproxy/v1/rewards/bonus-offers/${code}/opt-in`;
    expect((await c.post(url('DOUBLE3'))).status).toBe(401);
    await createMember(c);
    expect((await c.post(url('DOUBLE3'), {}, { csrf: false })).status).toBe(403);
    expect((await c.post(url('DOUBLE3'))).json).toEqual({ outcome: 'success' });
    expect((await c.post(url('DOUBLE3'))).json).toEqual({ outcome: 'active-choice' });
    expect((await c.post(url('SPRING24'))).json).toEqual({ outcome: 'expired' });
    const unknown = await c.post(url('NOSUCH'));
    expect([unknown.status, unknown.json.code]).toEqual([404, 'BONUS_NOT_FOUND']);
    const external = await c.post(url('PARTNERSTAY'));
    expect([external.status, external.json.code]).toEqual([403, 'BONUS_EXTERNAL_ONLY']);
    expect((await c.post(url('lower'))).status).toBe(400);
    expect((await c.post(url('DOUBLE3'), { extra: 1 })).status).toBe(400);
  });
});
