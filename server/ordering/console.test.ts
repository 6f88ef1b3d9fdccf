process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createUser, signIn } from '../test/accounts.ts';
import { setNow } from '../clock.ts';
import { DEMO_PASSWORD } from '../db/seed/users.ts';
import { seedStaffIfEmpty } from '../db/seed/seed.ts';

/**
 * The barista console (issue 29, docs/order-status.md 3.5–3.7) on PGlite and PostgreSQL: seeded staff, the staff
 * role on the session, the guard (401 signed out, 403 STAFF_ONLY for customers and other stores' staff).
 */
const NOON = new Date('2026-11-24T19:00:00Z');
beforeAll(() => setNow(NOON));
afterAll(() => setNow(null));

type C = ReturnType<typeof testClient>;
export async function staffClient(app: ReturnType<typeof appFor>, email: string): Promise<C> {
  const c = testClient(app);
  const r = await signIn(c, email, DEMO_PASSWORD);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return c;
}

forEachDb('ordering: staff', ({ db }) => {
  it('seeds a barista per Seattle fixture store and a lead on 10003 and 10006; the session lists the staff stores, a customer none', async () => {
    const rows = (await db().query<{ email: string; short_number: string; role: string }>(
      'select u.email, s.short_number, s.role from staff_members s join users u on u.id = s.user_id order by u.email, s.short_number',
    )).rows;
    expect(rows.map((r) => `${r.email} ${r.short_number} ${r.role}`)).toEqual([
      ...['10001', '10002', '10003', '10004', '10005', '10006', '10007', '10008'].map((s) => `barista.${s}@example.com ${s} barista`),
      'lead.10003@example.com 10003 lead',
      'lead.10003@example.com 10006 lead',
    ]);
    const app = appFor(db());
    const lead = await staffClient(app, 'lead.10003@example.com');
    expect((await lead.get('/apiproxy/v1/session')).json).toMatchObject({ signedIn: true, user: { firstName: 'Lead' }, staffStores: ['10003', '10006'] });
    const barista = await staffClient(app, 'barista.10001@example.com');
    expect((await barista.get('/apiproxy/v1/session')).json.staffStores).toEqual(['10001']);
    const member = testClient(app);
    await createUser(member);
    expect((await member.get('/apiproxy/v1/session')).json.staffStores).toEqual([]);
    expect((await testClient(app).get('/apiproxy/v1/session')).json).toEqual({ signedIn: false, user: null, mfaVerifiedAt: null, staffStores: [] });
  });

  it('seedStaffIfEmpty: nothing in production or when staff exist; tops up a database seeded before the console', async () => {
    expect(await seedStaffIfEmpty(db(), { APP_ENV: 'production' })).toBe(0);
    expect(await seedStaffIfEmpty(db(), {})).toBe(0); // rows exist
    await db().query('delete from staff_members');
    expect(await seedStaffIfEmpty(db(), { APP_ENV: 'production' })).toBe(0);
    expect((await db().query('select 1 from staff_members')).rows).toHaveLength(0);
    expect(await seedStaffIfEmpty(db(), {})).toBe(10); // the users exist already: only the rows come back
    expect((await db().query(`select count(*)::int as n from users where email like 'barista.%@example.com' or email = 'lead.10003@example.com'`)).rows[0]).toEqual({ n: 9 });
  });
});
