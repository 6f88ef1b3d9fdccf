process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true'; // account creation per IP: each member comes from its own address

import { expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createUser, signedIn } from '../test/accounts.ts';

/** Issue 25: the CSRF token is bound to the session (server/http/csrf.ts). */
forEachDb('CSRF token bound to the session', ({ db }) => {
  let ip = 1;
  async function member() {
    const c = testClient(appFor(db()));
    const addr = `10.81.${Math.floor(ip / 250)}.${ip++ % 250}`;
    const original = c.post;
    c.post = (p, b, o) => original(p, b, { ...o, headers: { ...o?.headers, 'x-forwarded-for': addr } });
    await createUser(c);
    expect(await signedIn(c)).toBe(true);
    return c;
  }
  const app = () => appFor(db());
  const signOut = (sid: string, csrf: string) =>
    app().request('http://localhost/apiproxy/v1/account/signout', { method: 'POST', headers: { 'content-type': 'application/json', cookie: `sid=${sid}; csrf=${csrf}`, 'x-csrf-token': csrf }, body: '{}' });

  it('a token made for another session is refused (403 CSRF_TOKEN_INVALID), even echoed in cookie and header; its own passes', async () => {
    const a = await member();
    const b = await member();
    const [sidA, csrfA, sidB, csrfB] = [a.jar.get('sid')!, a.jar.get('csrf')!, b.jar.get('sid')!, b.jar.get('csrf')!];
    expect(csrfA).not.toBe(csrfB);
    const refused = await signOut(sidA, csrfB);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
    expect(await signedIn(a)).toBe(true);
    // a guest's token (what an attacker gets by visiting as a guest) is refused with a member's session too
    const guest = await app().request('http://localhost/apiproxy/v1/session');
    const guestCsrf = guest.headers.getSetCookie().find((x) => x.startsWith('csrf='))!.split(';')[0]!.slice(5);
    expect((await signOut(sidA, guestCsrf)).status).toBe(403);
    // a well-formed token with a forged MAC too
    expect((await signOut(sidA, `${csrfA.split('.')[0]}.${'A'.repeat(43)}`)).status).toBe(403);
    expect((await signOut(sidB, csrfB)).status).toBe(200);
    expect((await signOut(sidA, csrfA)).status).toBe(200);
  });

  it('sign-in and sign-out hand out a token for the new state; the previous one stops working', async () => {
    const c = testClient(app());
    await c.get('/apiproxy/v1/session');
    const guestToken = c.jar.get('csrf')!;
    const m = await member();
    const memberToken = m.jar.get('csrf')!;
    expect(memberToken).not.toBe(guestToken);
    // the member's session with the guest token: refused; its own: fine
    expect((await signOut(m.jar.get('sid')!, guestToken)).status).toBe(403);
    expect((await m.post('/apiproxy/v1/account/signout', {})).status).toBe(200);
    // signed out: a new guest token came with the answer, and it works for a guest call
    expect(m.jar.get('csrf')).not.toBe(memberToken);
    expect(m.jar.has('sid')).toBe(false);
    expect((await m.post('/apiproxy/v1/account/signout', {})).status).toBe(200);
  });

  it('an expired session cookie is cleared with a new token for no session, and the next call passes', async () => {
    const m = await member();
    await db().query('update sessions set idle_expires_at = now() - interval \'1 second\'');
    const stale = m.jar.get('csrf')!;
    expect(await signedIn(m)).toBe(false);
    expect(m.jar.has('sid')).toBe(false);
    expect(m.jar.get('csrf')).not.toBe(stale);
    expect((await m.post('/apiproxy/v1/account/signout', {})).status).toBe(200);
  });
});
