process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createUser, outbox, uniqueEmail } from '../test/accounts.ts';
import { signUnsubscribe, verifyUnsubscribe } from './signing.ts';

forEachDb('privacy opt-out and unsubscribe (issue 11)', ({ db }) => {
  let ip = 1;
  function client() {
    const c = testClient(appFor(db()));
    const addr = `10.79.${Math.floor(ip / 250)}.${ip++ % 250}`;
    const post = c.post;
    c.post = (p, b, o) => post(p, b, { ...o, headers: { ...o?.headers, 'x-forwarded-for': addr } });
    return c;
  }
  async function member(overrides: Record<string, unknown> = {}) {
    const c = client();
    const user = await createUser(c, overrides);
    return { c, user };
  }
  const userIdOf = async (email: string) => (await db().query<{ id: string }>('select id from users where email_normalized = lower($1)', [email])).rows[0]!.id;
  const prefs = async (c: ReturnType<typeof client>) => (await c.get('/apiproxy/v1/account/communication-preferences')).json;

  describe('opt-out (POST /apiproxy/v1/privacy/opt-out)', () => {
    it('a guest files one by email: recorded, the same answer for a known and an unknown email, and the opt-out cookie is set', async () => {
      const { user } = await member();
      const guest = client();
      const known = await guest.post('/apiproxy/v1/privacy/opt-out', { email: user.email, optIn: false });
      const unknownEmail = uniqueEmail('nobody');
      const unknown = await guest.post('/apiproxy/v1/privacy/opt-out', { email: unknownEmail, optIn: false });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.json).toEqual(unknown.json);
      expect(known.headers.getSetCookie().some((c) => c.startsWith('privacy_opt_out=1'))).toBe(true);
      const rows = await db().query<{ n: number }>('select count(*)::int as n from privacy_opt_outs where email_normalized in ($1, $2) and user_id is null', [user.email.toLowerCase(), unknownEmail.toLowerCase()]);
      expect(rows.rows[0]!.n).toBe(2);
    });

    it('a member files one: recorded on the account too; settings show it', async () => {
      const { c, user } = await member();
      expect((await c.get('/apiproxy/v1/account/privacy')).json).toEqual({ optedOut: false });
      expect((await c.post('/apiproxy/v1/privacy/opt-out', { email: user.email, optIn: false })).status).toBe(200);
      const u = await db().query<{ privacy_opt_out: boolean }>('select privacy_opt_out from users where id = $1', [await userIdOf(user.email)]);
      expect(u.rows[0]!.privacy_opt_out).toBe(true);
      expect((await c.get('/apiproxy/v1/account/privacy')).json).toEqual({ optedOut: true });
    });

    it('validates the email (the shared validator) and optIn, needs CSRF, changes nothing on failure', async () => {
      const c = client();
      const before = (await db().query<{ n: number }>('select count(*)::int as n from privacy_opt_outs')).rows[0]!.n;
      const cases: Array<[unknown, string]> = [
        [{ optIn: false }, 'Please enter your email address.'],
        [{ email: '', optIn: false }, 'Please enter your email address.'],
        [{ email: 'not-an-email', optIn: false }, 'Please enter a valid email address.'],
        [{ email: 'a@example.com', optIn: true }, 'must be false'],
        [{ email: 'a\u0000@example.com', optIn: false }, ''],
      ];
      for (const [body, message] of cases) {
        const r = await c.post('/apiproxy/v1/privacy/opt-out', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        if (message) expect(r.json.message).toContain(message);
      }
      expect((await c.post('/apiproxy/v1/privacy/opt-out', { email: 'a@example.com', optIn: false }, { csrf: false })).status).toBe(403);
      expect((await db().query<{ n: number }>('select count(*)::int as n from privacy_opt_outs')).rows[0]!.n).toBe(before);
    });

    it('a filed request for the member email counts in settings; withdrawing there clears it and the cookie', async () => {
      const { c, user } = await member();
      await client().post('/apiproxy/v1/privacy/opt-out', { email: user.email.toUpperCase(), optIn: false });
      expect((await c.get('/apiproxy/v1/account/privacy')).json).toEqual({ optedOut: true });
      const off = await c.put('/apiproxy/v1/account/privacy', { optedOut: false });
      expect(off.json).toEqual({ optedOut: false });
      expect(off.headers.getSetCookie().some((k) => /^privacy_opt_out=;/.test(k))).toBe(true);
      const on = await c.put('/apiproxy/v1/account/privacy', { optedOut: true });
      expect(on.json).toEqual({ optedOut: true });
      expect((await c.put('/apiproxy/v1/account/privacy', { optedOut: 'yes' })).status).toBe(400);
      expect((await client().get('/apiproxy/v1/account/privacy')).status).toBe(401);
    });
  });

  describe('unsubscribe links', () => {
    it('marketing mail carries a signed link and the RFC 8058 headers; following it turns the preference off', async () => {
      const { c, user } = await member({ receiveHarborEmailCommunications: true, receiveGeneralEmailCommunications: true, receivePersonalizedEmailCommunications: true });
      const dev = testClient(appFor(db()));
      const sent = await dev.post('/apiproxy/v1/dev/marketing-mail', { email: user.email, type: 'promotional' });
      expect(sent.json.sent).toBe(true);
      const [mail] = await outbox(c, user.email, 'marketing-promotional');
      expect(mail!.link).toMatch(/^\/unsubscribe\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      const m = mail as unknown as { headers: Record<string, string>; body: string };
      expect(m.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(m.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:[0-9]+\/mail\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/);
      expect(m.body).toContain(mail!.link);
      const token = mail!.link!.split('token=')[1]!;
      const r = await client().post('/apiproxy/v1/unsubscribe', { token });
      expect(r.json).toEqual({ type: 'promotional' });
      expect(await prefs(c)).toEqual({ receiveHarborEmailCommunications: false, receiveGeneralEmailCommunications: false, receivePersonalizedEmailCommunications: true });
      // no more promotional mail once unsubscribed
      expect((await dev.post('/apiproxy/v1/dev/marketing-mail', { email: user.email, type: 'promotional' })).json.sent).toBe(false);
    });

    it('one-click POST (RFC 8058) unsubscribes without a CSRF token; GET changes nothing', async () => {
      const { c, user } = await member({ receivePersonalizedEmailCommunications: true });
      const token = await signUnsubscribe(db(), await userIdOf(user.email), 'personalized');
      const app = appFor(db());
      const get = await app.request(`http://localhost/mail/unsubscribe?token=${token}`);
      expect(get.status).toBe(303);
      expect(get.headers.get('location')).toBe(`/unsubscribe?token=${token}`);
      expect((await prefs(c)).receivePersonalizedEmailCommunications).toBe(true);
      const wrongBody = await app.request(`http://localhost/mail/unsubscribe?token=${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' });
      expect(wrongBody.status).toBe(400);
      const post = await app.request(`http://localhost/mail/unsubscribe?token=${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(post.status).toBe(200);
      expect((await prefs(c)).receivePersonalizedEmailCommunications).toBe(false);
    });

    it('a forged or expired link changes nothing', async () => {
      const { c, user } = await member({ receiveHarborEmailCommunications: true, receivePersonalizedEmailCommunications: true });
      const userId = await userIdOf(user.email);
      const good = await signUnsubscribe(db(), userId, 'promotional');
      const [payload, mac] = good.split('.');
      const otherPayload = Buffer.from(JSON.stringify({ u: userId, t: 'personalized', x: 4102444800 })).toString('base64url');
      const expired = await signUnsubscribe(db(), userId, 'promotional', Date.now() - 31 * 86400_000);
      for (const token of [`${otherPayload}.${mac}`, `${payload}.${'A'.repeat(43)}`, expired, 'garbage', '']) {
        const r = await client().post('/apiproxy/v1/unsubscribe', { token });
        expect(r.status, token).toBe(400);
        expect(r.json.field).toBe('token');
      }
      expect((await verifyUnsubscribe(db(), expired)).ok).toBe(false);
      expect(await prefs(c)).toMatchObject({ receiveHarborEmailCommunications: true, receivePersonalizedEmailCommunications: true });
      const events = await db().query<{ n: number }>('select count(*)::int as n from unsubscribe_events where user_id = $1', [userId]);
      expect(events.rows[0]!.n).toBe(0);
    });
  });

  it('the outbox viewer shows the headers', async () => {
    const { c, user } = await member({ receivePersonalizedEmailCommunications: true });
    const dev = testClient(appFor(db()));
    expect((await dev.post('/apiproxy/v1/dev/marketing-mail', { email: user.email, type: 'personalized' })).json.sent).toBe(true);
    void c;
    const page = await dev.get(`/dev/outbox?recipient=${encodeURIComponent(user.email)}`);
    expect(page.text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
