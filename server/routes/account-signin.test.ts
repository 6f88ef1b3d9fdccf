process.env.PASSWORD_HASH_LOG_N = '10'; // fast hashes in tests only (the default is 2^17, see passwords.test.ts)
process.env.TRUST_PROXY = 'true'; // lets each test use its own X-Forwarded-For address for the per-IP buckets

import { describe, expect, it } from 'vitest';
import { AccountErrorCodes, AccountMessages, SIGNIN_MAX_FAILURES_PER_IP, SIGNIN_MAX_FAILURES_PER_USERNAME } from '../../contracts/account.ts';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
import { hashScrypt } from '../auth/passwords.ts';
import { USERNAME_THROTTLE } from '../auth/signin.ts';
import { createUser, latestCode, outbox, PASSWORD, sidCookie, signedIn, signIn, uniqueEmail, userId } from '../test/accounts.ts';

let ipCounter = 1;
const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${ipCounter++}` });

forEachDb('account sign-in and session', ({ db }) => {
  const newClient = () => testClient(appFor(db()));

  async function member() {
    const creator = newClient();
    const u = await createUser(creator);
    return u;
  }

  it('signs in with the right password: 200, a session, and the safe returnUrl echoed', async () => {
    const u = await member();
    const c = newClient();
    const res = await signIn(c, u.email, u.password, { returnUrl: '/account/cards' }, freshIp());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ returnUrl: '/account/cards' });
    expect(await signedIn(c)).toBe(true);
    const session = (await c.get('/apiproxy/v1/session')).json;
    expect(session.user.email).toBe(u.email);
  });

  it('accepts the email case-insensitively and with spaces around it', async () => {
    const u = await member();
    const c = newClient();
    expect((await signIn(c, `  ${u.email.toUpperCase()} `, u.password, {}, freshIp())).status).toBe(200);
  });

  it('answers a wrong password and an unknown email identically (status and body)', async () => {
    const u = await member();
    const ip = freshIp();
    const wrong = await signIn(newClient(), u.email, 'not-the-password', {}, ip);
    const unknown = await signIn(newClient(), uniqueEmail('nobody'), 'not-the-password', {}, ip);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json).toEqual({
      code: AccountErrorCodes.invalidCredentials,
      error: AccountErrorCodes.invalidCredentials,
      messageId: 'invalid-credentials',
      message: 'The email or password you entered is not valid. Please try again.',
    });
    expect(sidCookie(wrong.headers)).toBeUndefined();
  });

  it(`rate limits a username after ${SIGNIN_MAX_FAILURES_PER_USERNAME} failures, the right password included, and the same for unknown usernames`, async () => {
    const u = await member();
    const ghost = uniqueEmail('ghost');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < SIGNIN_MAX_FAILURES_PER_USERNAME; i++) {
      known.push((await signIn(newClient(), u.email, `wrong-${i}-password`, {}, freshIp())).status);
      unknown.push((await signIn(newClient(), ghost, `wrong-${i}-password`, {}, freshIp())).status);
    }
    expect(known).toEqual(Array(SIGNIN_MAX_FAILURES_PER_USERNAME).fill(401));
    expect(unknown).toEqual(known);
    const lockedKnown = await signIn(newClient(), u.email, u.password, {}, freshIp());
    const lockedUnknown = await signIn(newClient(), ghost, u.password, {}, freshIp());
    expect(lockedKnown.status).toBe(429);
    expect(lockedUnknown.status).toBe(429);
    expect(lockedKnown.json.code).toBe('RATE_LIMITED');
    expect(lockedKnown.json.message).toBe(AccountMessages.rateLimited);
    // with a messageId the client shows the message inline instead of the 'Sign in unsuccessful.' notification
    expect(lockedKnown.json.messageId).toBe('too-many-attempts');
    expect(Number(lockedKnown.headers.get('retry-after'))).toBeGreaterThan(0);
    // the lockout reveals nothing: same body (apart from the seconds left) for both
    const strip = (b: Record<string, unknown>) => ({ ...b, retryAfterSeconds: 0 });
    expect(strip(lockedKnown.json)).toEqual(strip(lockedUnknown.json));
    // another username from the same addresses is not affected
    const other = await member();
    expect((await signIn(newClient(), other.email, other.password, {}, freshIp())).status).toBe(200);
  });

  it('sign-ins at once from one address (an office, a carrier NAT) are all let through below the limits: none waits for a lock and is then refused', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => member()));
    const ip = freshIp();
    const results = await Promise.all(members.map((u) => signIn(newClient(), u.email, u.password, {}, ip)));
    expect(results.map((r) => r.status)).toEqual(members.map(() => 200));
  });

  it('a successful sign-in resets the username counter', async () => {
    const u = await member();
    for (let i = 0; i < SIGNIN_MAX_FAILURES_PER_USERNAME - 1; i++) expect((await signIn(newClient(), u.email, 'wrong-password-x', {}, freshIp())).status).toBe(401);
    expect((await signIn(newClient(), u.email, u.password, {}, freshIp())).status).toBe(200);
    for (let i = 0; i < SIGNIN_MAX_FAILURES_PER_USERNAME - 1; i++) expect((await signIn(newClient(), u.email, 'wrong-password-y', {}, freshIp())).status).toBe(401);
    expect((await signIn(newClient(), u.email, u.password, {}, freshIp())).status).toBe(200);
  });

  it(`rate limits one IP after ${SIGNIN_MAX_FAILURES_PER_IP} failures across usernames`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGNIN_MAX_FAILURES_PER_IP; i++) expect((await signIn(newClient(), uniqueEmail('spray'), 'wrong-password-z', {}, ip)).status).toBe(401);
    const u = await member();
    expect((await signIn(newClient(), u.email, u.password, {}, ip)).status).toBe(429);
    expect((await signIn(newClient(), u.email, u.password, {}, freshIp())).status).toBe(200);
  });

  describe('throttling, not a lockout an attacker can aim at a member (ASVS 6.3.1)', () => {
    const failFromAnywhere = async (email: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await signIn(newClient(), email, `wrong-${i}-guess`, {}, freshIp())).status);
      return out;
    };

    it("an attacker's failures for a username do not stop the member's correct password from a device that signed in before", async () => {
      const u = await member();
      const phone = newClient();
      expect((await signIn(phone, u.email, u.password, {}, freshIp())).status).toBe(200);
      const device = phone.jar.get('hc_device');
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await phone.post('/apiproxy/v1/account/signout', {});
      expect(phone.jar.get('hc_device')).toBe(device); // signing out keeps the device known
      const statuses = await failFromAnywhere(u.email, 12);
      expect(statuses.slice(0, SIGNIN_MAX_FAILURES_PER_USERNAME)).toEqual(Array(SIGNIN_MAX_FAILURES_PER_USERNAME).fill(401));
      expect(statuses.at(-1)).toBe(429);
      // a new browser with the right password is throttled like the attacker ...
      const stranger = await signIn(newClient(), u.email, u.password, {}, freshIp());
      expect(stranger.status).toBe(429);
      expect(stranger.json).toMatchObject({ code: 'RATE_LIMITED', messageId: 'too-many-attempts', message: AccountMessages.rateLimited });
      // ... the member's known device is not
      const res = await signIn(phone, u.email, u.password, {}, freshIp());
      expect(res.status).toBe(200);
      expect(await signedIn(phone)).toBe(true);
      // a known device of ANOTHER member does not help with this username
      const other = await member();
      const theirs = newClient();
      expect((await signIn(theirs, other.email, other.password, {}, freshIp())).status).toBe(200);
      expect((await signIn(theirs, u.email, u.password, {}, freshIp())).status).toBe(429);
    }, 120_000);

    it('the device cookie is HttpOnly and long-lived; the database keeps only its hash', async () => {
      const u = await member();
      const c = newClient();
      const res = await signIn(c, u.email, u.password, {}, freshIp());
      const cookie = res.headers.getSetCookie().find((x) => x.startsWith('hc_device='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Max-Age=31536000/);
      const token = c.jar.get('hc_device')!;
      const rows = await db().query<{ token_hash: string }>('select token_hash from known_devices where user_id = $1', [await userId(db(), u.email)]);
      expect(rows.rows.length).toBeGreaterThan(0);
      for (const r of rows.rows) expect(r.token_hash).not.toBe(token);
      // a forged device cookie is just unknown
      const forged = newClient();
      forged.jar.set('hc_device', 'A'.repeat(43));
      await failFromAnywhere(u.email, SIGNIN_MAX_FAILURES_PER_USERNAME + 1);
      expect((await signIn(forged, u.email, u.password, {}, freshIp())).status).toBe(429);
    });

    it('a known device has a throttle of its own (a stolen laptop cannot guess forever)', async () => {
      const u = await member();
      const laptop = newClient();
      expect((await signIn(laptop, u.email, u.password, {}, freshIp())).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < SIGNIN_MAX_FAILURES_PER_USERNAME + 1; i++) statuses.push((await signIn(laptop, u.email, `bad-guess-${i}`, {}, freshIp())).status);
      expect(statuses).toEqual([...Array(SIGNIN_MAX_FAILURES_PER_USERNAME).fill(401), 429]);
    });

    it('growing delays, never a hard lock: 1 min, 2, 4 ... at most 15; an attempt that comes too early is not counted; waiting always helps', async () => {
      const u = await member();
      const bucketWait = async () => {
        const r = await signIn(newClient(), u.email, 'too-early-guess', {}, freshIp());
        expect(r.status).toBe(429);
        expect(Number(r.headers.get('retry-after'))).toBe(r.json.retryAfterSeconds);
        return r.json.retryAfterSeconds as number;
      };
      const elapse = () => db().query('update auth_throttle set next_allowed_at = now(), last_attempt_at = now() - interval \'1 second\'');
      await failFromAnywhere(u.email, SIGNIN_MAX_FAILURES_PER_USERNAME);
      const waits: number[] = [await bucketWait()];
      for (let i = 0; i < 4; i++) {
        await elapse();
        expect((await signIn(newClient(), u.email, `after-wait-${i}`, {}, freshIp())).status).toBe(401);
        waits.push(await bucketWait());
        waits.push(await bucketWait()); // hammering changes nothing
      }
      // seconds left when asked (a slow machine may take a second or two between the attempt and the question)
      const want = [60, 120, 120, 240, 240, 480, 480, 900, 900];
      waits.forEach((w, i) => expect(w, `wait ${i}: ${waits.join(', ')}`).toBeGreaterThan(want[i]! - 5));
      waits.forEach((w, i) => expect(w, `wait ${i}: ${waits.join(', ')}`).toBeLessThanOrEqual(want[i]!));
      expect(USERNAME_THROTTLE.baseDelayMs).toBe(60_000);
      // after a wait, the right password goes through from anywhere, and the throttle starts over
      await elapse();
      expect((await signIn(newClient(), u.email, u.password, {}, freshIp())).status).toBe(200);
      expect((await failFromAnywhere(u.email, 1))[0]).toBe(401);
    });

    it('the delay is capped at 15 minutes, and an idle bucket starts over', async () => {
      const u = await member();
      await failFromAnywhere(u.email, SIGNIN_MAX_FAILURES_PER_USERNAME);
      await db().query(`update auth_throttle set attempts = 40, next_allowed_at = now(), last_attempt_at = now() - interval '1 second'`);
      await failFromAnywhere(u.email, 1);
      const capped = await signIn(newClient(), u.email, u.password, {}, freshIp());
      expect(capped.json.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      expect(capped.json.retryAfterSeconds).toBeGreaterThan(14 * 60);
      await db().query(`update auth_throttle set last_attempt_at = now() - interval '16 minutes'`);
      expect((await signIn(newClient(), u.email, u.password, {}, freshIp())).status).toBe(200);
    });
  });

  it('an old scrypt hash still signs in and is rehashed as argon2id at that sign-in (then still works)', async () => {
    const u = await member();
    const id = await userId(db(), u.email);
    await db().query('update users set password_hash = $2 where id = $1', [id, await hashScrypt(u.password, 10)]);
    expect((await signIn(newClient(), u.email, 'not-the-password', {}, freshIp())).status).toBe(401);
    const still = await db().query<{ password_hash: string }>('select password_hash from users where id = $1', [id]);
    expect(still.rows[0]!.password_hash).toMatch(/^scrypt\$1024\$/); // a wrong password changes nothing
    expect((await signIn(newClient(), u.email, u.password, {}, freshIp())).status).toBe(200);
    const after = await db().query<{ password_hash: string }>('select password_hash from users where id = $1', [id]);
    expect(after.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect((await signIn(newClient(), u.email, u.password, {}, freshIp())).status).toBe(200);
  });

  it('gives a new session token at every sign-in: the old cookie stops working', async () => {
    const u = await member();
    const c = newClient();
    await signIn(c, u.email, u.password, {}, freshIp());
    const first = c.jar.get('sid')!;
    await signIn(c, u.email, u.password, {}, freshIp());
    const second = c.jar.get('sid')!;
    expect(second).not.toBe(first);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stale = newClient();
    stale.jar.set('sid', first);
    expect(await signedIn(stale)).toBe(false);
    const fresh = newClient();
    fresh.jar.set('sid', second);
    expect(await signedIn(fresh)).toBe(true);
  });

  it('keeps the token only as a hash in the database', async () => {
    const u = await member();
    const c = newClient();
    await signIn(c, u.email, u.password, {}, freshIp());
    const token = c.jar.get('sid')!;
    const rows = await db().query<{ id_hash: string }>('select id_hash from sessions where user_id = $1', [await userId(db(), u.email)]);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(r.id_hash).not.toContain(token);
  });

  it('rememberMe gives a persistent cookie (Max-Age), otherwise a browser-session cookie', async () => {
    const u = await member();
    const remembered = await signIn(newClient(), u.email, u.password, { rememberMe: true }, freshIp());
    const normal = await signIn(newClient(), u.email, u.password, { rememberMe: false }, freshIp());
    const a = sidCookie(remembered.headers)!;
    const b = sidCookie(normal.headers)!;
    expect(a).toMatch(/Max-Age=2592000/);
    expect(a).toMatch(/HttpOnly/);
    expect(a).toMatch(/SameSite=Lax/);
    expect(b).not.toMatch(/Max-Age/i);
    expect(b).not.toMatch(/Expires/i);
    expect(b).toMatch(/HttpOnly/);
  });

  it('sign-out destroys the session row and clears the cookie; the old cookie is dead', async () => {
    const u = await member();
    const c = newClient();
    await signIn(c, u.email, u.password, {}, freshIp());
    const token = c.jar.get('sid')!;
    const res = await c.post('/apiproxy/v1/account/signout', { returnUrl: '/menu' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ returnUrl: '/menu' });
    expect(sidCookie(res.headers)).toMatch(/Max-Age=0/);
    expect(await signedIn(c)).toBe(false);
    const replay = newClient();
    replay.jar.set('sid', token);
    expect(await signedIn(replay)).toBe(false);
    const { hashToken } = await import('../http/session.ts');
    expect((await db().query('select 1 from sessions where id_hash = $1', [hashToken(token)])).rows).toHaveLength(0);
  });

  it('sign-out refuses unsafe return URLs and works for guests', async () => {
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)']) {
      const res = await newClient().post('/apiproxy/v1/account/signout', { returnUrl: bad });
      expect(res.status).toBe(200);
      expect(res.json.returnUrl).toBe('/');
    }
  });

  it('never echoes an external or protocol-relative returnUrl at sign-in', async () => {
    const u = await member();
    for (const bad of ['//evil.com', 'https://evil.com/x', '/\\evil.com', 'javascript:alert(1)', '/\t/evil.com', 'http:/evil.com']) {
      const res = await signIn(newClient(), u.email, u.password, { returnUrl: bad }, freshIp());
      expect(res.status).toBe(200);
      expect(res.json).toEqual({});
    }
    const viaQuery = await newClient().post(`/apiproxy/v1/account/signin?returnUrl=${encodeURIComponent('//evil.com')}`, { username: u.email, password: u.password }, { headers: freshIp() });
    expect(viaQuery.json).toEqual({});
  });

  it('records the reputation data with the sign-in, never the password', async () => {
    const u = await member();
    await signIn(newClient(), u.email, u.password, { reputation: { deviceId: 'dev-123', score: 7 } }, freshIp());
    const r = await db().query<{ reputation: Record<string, unknown>; kind: string }>(
      `select kind, reputation from auth_events where user_id = $1 and kind = 'signin-success' order by id desc limit 1`,
      [await userId(db(), u.email)],
    );
    expect(r.rows[0]?.reputation).toEqual({ deviceId: 'dev-123', score: 7 });
    const all = await db().query<{ t: string }>('select reputation::text as t from auth_events');
    for (const row of all.rows) expect(row.t).not.toContain(PASSWORD);
  });

  describe('invalid bodies: 400 naming the field, never 500', () => {
    const cases: Array<[string, unknown, string]> = [
      ['username missing', { password: 'x' }, 'username'],
      ['username empty', { username: '  ', password: 'x' }, 'username'],
      ['password missing', { username: 'a@b.co' }, 'password'],
      ['password empty', { username: 'a@b.co', password: '' }, 'password'],
      ['rememberMe not boolean', { username: 'a@b.co', password: 'x', rememberMe: 'yes' }, 'rememberMe'],
      ['transactionSubType other', { username: 'a@b.co', password: 'x', transactionSubType: 'other' }, 'transactionSubType'],
      ['reputation not an object', { username: 'a@b.co', password: 'x', reputation: 'bad' }, 'reputation'],
    ];
    for (const [name, body, field] of cases) {
      it(name, async () => {
        const res = await newClient().post('/apiproxy/v1/account/signin', body, { headers: freshIp() });
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('BAD_REQUEST');
        expect(res.json.field).toBe(field);
      });
    }
    it('the spec messages for empty fields', async () => {
      const a = await newClient().post('/apiproxy/v1/account/signin', { username: '', password: 'x' });
      expect(a.json.issues[0].message).toBe('Enter an email/username.');
      const b = await newClient().post('/apiproxy/v1/account/signin', { username: 'a@b.co', password: '' });
      expect(b.json.issues[0].message).toBe('Enter a password.');
    });
    it('malformed JSON', async () => {
      const res = await newClient().post('/apiproxy/v1/account/signin', '{"username":');
      expect(res.status).toBe(400);
    });
  });

  describe('CSRF', () => {
    it('a sign-in without the X-CSRF-Token header fails with 403', async () => {
      const u = await member();
      const res = await newClient().post('/apiproxy/v1/account/signin', { username: u.email, password: u.password }, { csrf: false });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('CSRF_TOKEN_INVALID');
    });
    it('a request from another Origin fails with 403 even with the token', async () => {
      const u = await member();
      const res = await newClient().post('/apiproxy/v1/account/signin', { username: u.email, password: u.password }, { headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
    });
    it('the same Origin is fine', async () => {
      const u = await member();
      const res = await newClient().post('/apiproxy/v1/account/signin', { username: u.email, password: u.password }, { headers: { origin: 'http://localhost', ...freshIp() } });
      expect(res.status).toBe(200);
    });
    it('sign-out and settings changes need the token too', async () => {
      const c = newClient();
      await createUser(c);
      expect((await c.post('/apiproxy/v1/account/signout', {}, { csrf: false })).status).toBe(403);
      expect((await c.put('/apiproxy/v1/account/partner-number', { partnerNumber: '12345' }, { csrf: false })).status).toBe(403);
      expect((await c.patch('/apiproxy/v1/account/profile', { firstName: 'X' }, { csrf: false })).status).toBe(403);
      expect((await c.del('/apiproxy/v1/account/settings/mfa/phone', { csrf: false })).status).toBe(403);
      expect(await signedIn(c)).toBe(true);
    });
  });

  describe('MFA at sign-in', () => {
    async function mfaMember(phone = '2065550123') {
      const u = await member();
      await db().query('update users set mfa_phone = $2, mfa_phone_verified_at = now() where email_normalized = $1', [u.email.toLowerCase(), phone]);
      return { ...u, phone };
    }

    it('answers with the MFA challenge, texts a code, and completes with it', async () => {
      const u = await mfaMember('2065550123');
      const c = newClient();
      const res = await signIn(c, u.email, u.password, { rememberMe: true, returnUrl: '/account/settings' }, freshIp());
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('MFA_CHALLENGE_REQUIRED');
      expect(res.json.error).toBe('MFA_CHALLENGE_REQUIRED');
      expect(res.json.mfaChallengeMethods).toEqual([{ id: res.json.challengeId, phoneNumber: '•••-•••-0123', phoneSmsState: 'sent' }]);
      expect(JSON.stringify(res.json)).not.toContain('2065550123');
      expect(sidCookie(res.headers)).toBeUndefined();
      expect(await signedIn(c)).toBe(false);
      const [sms] = await outbox(c, '2065550123');
      expect(sms?.channel).toBe('sms');
      const code = await latestCode(c, '2065550123');
      const done = await c.post('/apiproxy/v1/account/signin/mfa', { challengeId: res.json.challengeId, code });
      expect(done.status).toBe(200);
      expect(done.json).toEqual({ returnUrl: '/account/settings' });
      expect(sidCookie(done.headers)).toMatch(/Max-Age=2592000/);
      const session = (await c.get('/apiproxy/v1/session')).json;
      expect(session.signedIn).toBe(true);
      expect(session.mfaVerifiedAt).toBeTruthy();
      // used once
      const again = await newClient().post('/apiproxy/v1/account/signin/mfa', { challengeId: res.json.challengeId, code });
      expect(again.status).toBe(410);
      expect(again.json.code).toBe('CODE_EXPIRED');
    });

    it('accepts the method id in place of the challenge id', async () => {
      const u = await mfaMember('2065550124');
      const c = newClient();
      const res = await signIn(c, u.email, u.password, {}, freshIp());
      const code = await latestCode(c, '2065550124');
      const done = await c.post('/apiproxy/v1/account/signin/mfa', { methodId: res.json.mfaChallengeMethods[0].id, code });
      expect(done.status).toBe(200);
    });

    it('a wrong code: 400 with the spec message; after 5 attempts the challenge is dead', async () => {
      const u = await mfaMember('2065550125');
      const c = newClient();
      const res = await signIn(c, u.email, u.password, {}, freshIp());
      const code = await latestCode(c, '2065550125');
      const wrong = code === '000000' ? '000001' : '000000';
      const first = await c.post('/apiproxy/v1/account/signin/mfa', { challengeId: res.json.challengeId, code: wrong });
      expect(first.status).toBe(400);
      expect(first.json.code).toBe('INVALID_CODE');
      expect(first.json.message).toBe('The code you entered is not valid. Please try again.');
      for (let i = 0; i < 4; i++) expect((await c.post('/apiproxy/v1/account/signin/mfa', { challengeId: res.json.challengeId, code: wrong })).status).toBe(400);
      const late = await c.post('/apiproxy/v1/account/signin/mfa', { challengeId: res.json.challengeId, code });
      expect(late.status).toBe(410);
      expect(await signedIn(c)).toBe(false);
    });

    it('an expired code fails', async () => {
      const u = await mfaMember('2065550126');
      const c = newClient();
      const res = await signIn(c, u.email, u.password, {}, freshIp());
      const code = await latestCode(c, '2065550126');
      await db().query(`update one_time_codes set expires_at = now() - interval '1 second' where id = $1`, [res.json.challengeId]);
      expect((await c.post('/apiproxy/v1/account/signin/mfa', { challengeId: res.json.challengeId, code })).status).toBe(410);
    });

    it('codes expire within 10 minutes', async () => {
      const u = await mfaMember('2065550127');
      const res = await signIn(newClient(), u.email, u.password, {}, freshIp());
      const r = await db().query<{ secs: number }>('select extract(epoch from (expires_at - created_at))::float8 as secs from one_time_codes where id = $1', [res.json.challengeId]);
      expect(Number(r.rows[0]!.secs)).toBeLessThanOrEqual(600);
    });

    it('a wrong password never reveals that the account has MFA', async () => {
      const u = await mfaMember('2065550128');
      const res = await signIn(newClient(), u.email, 'wrong-password-q', {}, freshIp());
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('INVALID_CREDENTIALS');
    });

    it('send a new code: after 30 s a new code replaces the old one, once; too early is a 429; a used challenge is 410', async () => {
      const u = await mfaMember('2065550131');
      const c = newClient();
      const res = await signIn(c, u.email, u.password, { returnUrl: '/account/cards' }, freshIp());
      const first = await latestCode(c, '2065550131');
      const early = await c.post('/apiproxy/v1/account/signin/mfa/resend', { challengeId: res.json.challengeId });
      expect(early.status).toBe(429);
      expect(early.json.message).toBe('Too many attempts. Please wait a few minutes and try again.');
      expect(early.json.retryAfterSeconds).toBeGreaterThan(0);
      await db().query(`update one_time_codes set created_at = now() - interval '31 seconds' where id = $1`, [res.json.challengeId]);
      const [again, racing] = await Promise.all([
        c.post('/apiproxy/v1/account/signin/mfa/resend', { challengeId: res.json.challengeId }),
        c.post('/apiproxy/v1/account/signin/mfa/resend', { challengeId: res.json.challengeId }),
      ]);
      const won = again.status === 200 ? again : racing;
      expect([again.status, racing.status].sort()).toEqual([200, 410]);
      expect(won.json.challengeId).not.toBe(res.json.challengeId);
      expect(won.json.mfaChallengeMethods).toEqual([{ id: won.json.challengeId, phoneNumber: '•••-•••-0131', phoneSmsState: 'sent' }]);
      const second = await latestCode(c, '2065550131');
      // the old challenge and its code are finished
      expect((await c.post('/apiproxy/v1/account/signin/mfa', { challengeId: res.json.challengeId, code: first })).status).toBe(410);
      expect((await c.post('/apiproxy/v1/account/signin/mfa/resend', { challengeId: res.json.challengeId })).json.code).toBe('CODE_EXPIRED');
      const done = await c.post('/apiproxy/v1/account/signin/mfa', { challengeId: won.json.challengeId, code: second });
      expect(done.status).toBe(200);
      expect(done.json).toEqual({ returnUrl: '/account/cards' });
    });

    it('send a new code: bad bodies are 400 naming challengeId; an unknown challenge is 410', async () => {
      const c = newClient();
      const bad = await c.post('/apiproxy/v1/account/signin/mfa/resend', {});
      expect(bad.status).toBe(400);
      expect(bad.json.field).toBe('challengeId');
      expect((await c.post('/apiproxy/v1/account/signin/mfa/resend', { challengeId: 'x' })).json.field).toBe('challengeId');
      const unknown = await c.post('/apiproxy/v1/account/signin/mfa/resend', { challengeId: 'a'.repeat(24) });
      expect(unknown.status).toBe(410);
      expect(unknown.json.message).toBe('This code has expired. Request a new code and try again.');
    });

    it('invalid MFA bodies are 400 with the field', async () => {
      const c = newClient();
      expect((await c.post('/apiproxy/v1/account/signin/mfa', { code: '123456' })).json.field).toBe('challengeId');
      const r = await c.post('/apiproxy/v1/account/signin/mfa', { challengeId: 'a'.repeat(24), code: '12ab' });
      expect(r.status).toBe(400);
      expect(r.json.field).toBe('code');
    });

    it('with MFA features off, sign-in does not ask for a code', async () => {
      const u = await mfaMember('2065550129');
      const c = testClient(appFor(db(), testConfig({ universal: { enableMfaFeatures: false } })));
      expect((await signIn(c, u.email, u.password, {}, freshIp())).status).toBe(200);
    });
  });

  describe('single sign-on', () => {
    /** mints a link from `browser` (a new one by default): the link works only there (nonce cookie) */
    async function mint(email: string, returnUrl?: string, browser = newClient()) {
      const res = await browser.post('/apiproxy/v1/dev/sso-token', { email, ...(returnUrl ? { returnUrl } : {}) });
      expect(res.status).toBe(200);
      return { ...(res.json as { token: string; url: string }), browser };
    }

    it('signs in with a fresh token and returns the safe returnUrl', async () => {
      const u = await member();
      const { token, url, browser: c } = await mint(u.email, '/account/cards');
      expect(url).toBe(`/account/signin/sso/${token}?returnUrl=%2Faccount%2Fcards`);
      const res = await c.post(`/apiproxy/v1/account/signin/sso/${token}?returnUrl=${encodeURIComponent('/account/cards')}`, { reputation: {} });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ returnUrl: '/account/cards' });
      expect((await c.get('/apiproxy/v1/session')).json.user.email).toBe(u.email);
    });

    it('a token works once', async () => {
      const u = await member();
      const { token, browser } = await mint(u.email);
      expect((await browser.post(`/apiproxy/v1/account/signin/sso/${token}`, {})).status).toBe(200);
      const again = await browser.post(`/apiproxy/v1/account/signin/sso/${token}`, {});
      expect(again.status).toBe(401);
      expect(again.json.code).toBe('SSO_TOKEN_INVALID');
    });

    it('an expired or unknown token fails', async () => {
      const u = await member();
      const { token } = await mint(u.email);
      await db().query(`update sso_tokens set expires_at = now() - interval '1 second'`);
      expect((await newClient().post(`/apiproxy/v1/account/signin/sso/${token}`, {})).status).toBe(401);
      expect((await newClient().post(`/apiproxy/v1/account/signin/sso/${'x'.repeat(43)}`, {})).status).toBe(401);
      expect((await newClient().post('/apiproxy/v1/account/signin/sso/short', {})).status).toBe(401);
    });

    it('refuses external return URLs (falls back to /account/for-you)', async () => {
      const u = await member();
      for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)']) {
        const { token, browser } = await mint(u.email);
        const res = await browser.post(`/apiproxy/v1/account/signin/sso/${token}?returnUrl=${encodeURIComponent(bad)}`, {});
        expect(res.json).toEqual({ returnUrl: '/account/for-you' });
      }
    });

    it("a link is bound to the browser that asked for it: an attacker's link does not sign a victim in (login CSRF)", async () => {
      const attacker = await member();
      // the attacker mints a link to their own account in their own browser and sends it to the victim
      const { token } = await mint(attacker.email);
      const victim = newClient();
      await victim.get('/apiproxy/v1/session');
      const res = await victim.post(`/apiproxy/v1/account/signin/sso/${token}`, {});
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('SSO_TOKEN_INVALID');
      expect(await signedIn(victim)).toBe(false);
      // with a nonce cookie of the victim's own (the victim once asked for a link too): still not that link
      const own = await mint(attacker.email, undefined, victim);
      expect(victim.jar.get('hc_sso_nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await victim.post(`/apiproxy/v1/account/signin/sso/${token}`, {})).status).toBe(401);
      expect(own.token).not.toBe(token);
      // the nonce cookie is HttpOnly; the database keeps only its hash
      const minted = await newClient().post('/apiproxy/v1/dev/sso-token', { email: attacker.email });
      const cookie = minted.headers.getSetCookie().find((x) => x.startsWith('hc_sso_nonce='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      const nonce = cookie.split(';')[0]!.split('=')[1]!;
      const rows = await db().query<{ n: number }>('select count(*)::int as n from sso_tokens where browser_nonce_hash = $1', [nonce]);
      expect(rows.rows[0]!.n).toBe(0);
    });

    it('tokens are 256-bit random and stored hashed, expiring within 5 minutes', async () => {
      const u = await member();
      const { token } = await mint(u.email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const r = await db().query<{ token_hash: string; secs: number }>('select token_hash, extract(epoch from (expires_at - created_at))::float8 as secs from sso_tokens order by created_at desc limit 1');
      expect(r.rows[0]!.token_hash).not.toBe(token);
      expect(Number(r.rows[0]!.secs)).toBeLessThanOrEqual(300);
    });
  });
});
