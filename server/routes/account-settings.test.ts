process.env.PASSWORD_HASH_LOG_N = '10'; // fast hashes in tests only (the default is 2^17, see passwords.test.ts)
process.env.TRUST_PROXY = 'true';

import { describe, expect, it } from 'vitest';
import { AccountMessages, REAUTH_WINDOW_MS } from '../../contracts/account.ts';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
import { createUser, latestCode, OTHER_PASSWORD, outbox, signedIn, signIn, uniqueEmail, userId, type Client } from '../test/accounts.ts';

let ipCounter = 1;
const freshIp = () => ({ 'x-forwarded-for': `100.64.0.${ipCounter++}` });

forEachDb('account settings', ({ db }) => {
  const newClient = () => testClient(appFor(db()));
  async function member() {
    const c = newClient();
    const u = await createUser(c);
    return { c, ...u };
  }

  describe('sign-in required', () => {
    const endpoints: Array<[string, string, unknown?]> = [
      ['GET', '/apiproxy/v1/account/profile'],
      ['PATCH', '/apiproxy/v1/account/profile', { firstName: 'X' }],
      ['GET', '/apiproxy/v1/account/partner-number'],
      ['PUT', '/apiproxy/v1/account/partner-number', { partnerNumber: '12345' }],
      ['GET', '/apiproxy/v1/account/communication-preferences'],
      ['PUT', '/apiproxy/v1/account/communication-preferences', { receiveGeneralEmailCommunications: true }],
      ['POST', '/apiproxy/v1/account/settings/password', { currentPassword: 'a', newPassword: 'b' }],
      ['GET', '/apiproxy/v1/account/settings/email'],
      ['POST', '/apiproxy/v1/account/settings/email', { newEmail: 'a@example.com', password: 'x' }],
      ['POST', '/apiproxy/v1/account/settings/email/verify', { code: '123456' }],
      ['GET', '/apiproxy/v1/account/settings/mfa'],
      ['POST', '/apiproxy/v1/account/settings/mfa/reauth', { password: 'x' }],
      ['POST', '/apiproxy/v1/account/settings/mfa/reauth/verify', { code: '123456' }],
      ['POST', '/apiproxy/v1/account/settings/mfa/phone', { phoneNumber: '2065550100' }],
      ['POST', '/apiproxy/v1/account/settings/mfa/phone/verify', { code: '123456' }],
      ['DELETE', '/apiproxy/v1/account/settings/mfa/phone'],
    ];
    for (const [method, path, body] of endpoints) {
      it(`${method} ${path} → 401 for a guest`, async () => {
        const c = newClient();
        const res =
          method === 'GET' ? await c.get(path) : method === 'PATCH' ? await c.patch(path, body) : method === 'PUT' ? await c.put(path, body) : method === 'DELETE' ? await c.del(path) : await c.post(path, body);
        expect(res.status).toBe(401);
        expect(res.json.code).toBe('UNAUTHORIZED');
      });
    }
  });

  describe('personal details', () => {
    it('reads and patches the profile', async () => {
      const { c, email, userExId } = await member();
      const before = await c.get('/apiproxy/v1/account/profile');
      expect(before.json).toEqual({ userExId, firstName: 'Casey', lastName: 'Rivera', email, phoneNumber: null, birthday: null });
      const res = await c.patch('/apiproxy/v1/account/profile', { firstName: ' Robin ', phoneNumber: '(206) 555-0147', birthday: { month: 2, day: 29 } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ firstName: 'Robin', lastName: 'Rivera', phoneNumber: '2065550147', birthday: { month: 2, day: 29 } });
      const cleared = await c.patch('/apiproxy/v1/account/profile', { phoneNumber: null, birthday: null });
      expect(cleared.json).toMatchObject({ firstName: 'Robin', phoneNumber: null, birthday: null });
    });

    it('validates profile fields (400 naming the field)', async () => {
      const { c } = await member();
      const phone = await c.patch('/apiproxy/v1/account/profile', { phoneNumber: '555-0147' });
      expect(phone.status).toBe(400);
      expect(phone.json.field).toBe('phoneNumber');
      expect(phone.json.issues[0].message).toBe("That phone number isn't valid. Enter 10 digits, for example 206 555 0123.");
      expect((await c.patch('/apiproxy/v1/account/profile', { birthday: { month: 2, day: 30 } })).json.field).toBe('birthday');
      expect((await c.patch('/apiproxy/v1/account/profile', { birthday: { month: 13, day: 1 } })).json.field).toBe('birthday.month');
      expect((await c.patch('/apiproxy/v1/account/profile', { firstName: '' })).json.field).toBe('firstName');
      expect((await c.patch('/apiproxy/v1/account/profile', { lastName: 'x'.repeat(51) })).json.field).toBe('lastName');
      expect((await c.patch('/apiproxy/v1/account/profile', { firstName: '<script>' })).json.field).toBe('firstName');
    });

    it('partner number: read, set, clear, validate', async () => {
      const { c } = await member();
      expect((await c.get('/apiproxy/v1/account/partner-number')).json).toEqual({ partnerNumber: null });
      expect((await c.put('/apiproxy/v1/account/partner-number', { partnerNumber: '0123456' })).json).toEqual({ partnerNumber: '0123456' });
      expect((await c.get('/apiproxy/v1/account/partner-number')).json).toEqual({ partnerNumber: '0123456' });
      const bad = await c.put('/apiproxy/v1/account/partner-number', { partnerNumber: '12a' });
      expect(bad.status).toBe(400);
      expect(bad.json.field).toBe('partnerNumber');
      expect((await c.put('/apiproxy/v1/account/partner-number', { partnerNumber: null })).json).toEqual({ partnerNumber: null });
    });

    it('communication preferences: the three flags, partial updates', async () => {
      const { c } = await member();
      const res = await c.put('/apiproxy/v1/account/communication-preferences', { receiveHarborEmailCommunications: true });
      expect(res.json).toEqual({ receiveHarborEmailCommunications: true, receiveGeneralEmailCommunications: true, receivePersonalizedEmailCommunications: false });
      const all = await c.put('/apiproxy/v1/account/communication-preferences', {
        receiveHarborEmailCommunications: false,
        receiveGeneralEmailCommunications: false,
        receivePersonalizedEmailCommunications: true,
      });
      expect(all.json).toEqual({ receiveHarborEmailCommunications: false, receiveGeneralEmailCommunications: false, receivePersonalizedEmailCommunications: true });
      expect((await c.get('/apiproxy/v1/account/communication-preferences')).json).toEqual(all.json);
      expect((await c.put('/apiproxy/v1/account/communication-preferences', { receiveGeneralEmailCommunications: 'yes' })).json.field).toBe('receiveGeneralEmailCommunications');
    });
  });

  describe("one user's session never reaches another's data", () => {
    it('reads and writes only the caller', async () => {
      const a = await member();
      const b = await member();
      await a.c.patch('/apiproxy/v1/account/profile', { firstName: 'Alice' });
      await a.c.put('/apiproxy/v1/account/partner-number', { partnerNumber: '11111' });
      await b.c.patch('/apiproxy/v1/account/profile', { firstName: 'Bob' });
      expect((await a.c.get('/apiproxy/v1/account/profile')).json).toMatchObject({ firstName: 'Alice', email: a.email });
      expect((await b.c.get('/apiproxy/v1/account/profile')).json).toMatchObject({ firstName: 'Bob', email: b.email });
      expect((await b.c.get('/apiproxy/v1/account/partner-number')).json).toEqual({ partnerNumber: null });
      // a user id in the body or query is ignored
      await b.c.patch(`/apiproxy/v1/account/profile?userExId=${a.userExId}`, { firstName: 'Mallory', userExId: a.userExId, userId: await userId(db(), a.email) });
      expect((await a.c.get('/apiproxy/v1/account/profile')).json.firstName).toBe('Alice');
    });

    it("another session cannot complete someone's email change with their code", async () => {
      const a = await member();
      const b = await member();
      const target = uniqueEmail('new');
      await a.c.post('/apiproxy/v1/account/settings/email', { newEmail: target, password: a.password });
      const code = await latestCode(a.c, target);
      const stolen = await b.c.post('/apiproxy/v1/account/settings/email/verify', { code });
      expect(stolen.status).toBe(410);
      expect((await b.c.get('/apiproxy/v1/account/profile')).json.email).toBe(b.email);
      expect((await a.c.post('/apiproxy/v1/account/settings/email/verify', { code })).status).toBe(200);
    });
  });

  describe('password change', () => {
    it('needs the current password, then changes it and ends the other sessions (not this one)', async () => {
      const { c, email, password } = await member();
      const other = newClient();
      await signIn(other, email, password, {}, freshIp());
      expect(await signedIn(other)).toBe(true);
      const wrong = await c.post('/apiproxy/v1/account/settings/password', { currentPassword: 'wrong-password-1', newPassword: OTHER_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(wrong.json).toMatchObject({ code: 'CURRENT_PASSWORD_INVALID', field: 'currentPassword' });
      const ok = await c.post('/apiproxy/v1/account/settings/password', { currentPassword: password, newPassword: OTHER_PASSWORD });
      expect(ok.status).toBe(200);
      expect(await signedIn(c)).toBe(true);
      expect(await signedIn(other)).toBe(false);
      expect((await signIn(newClient(), email, password, {}, freshIp())).status).toBe(401);
      expect((await signIn(newClient(), email, OTHER_PASSWORD, {}, freshIp())).status).toBe(200);
      expect(await outbox(c, email, 'password-changed')).toHaveLength(1);
    });

    it('applies the policy and the history (111011, 111022, 111084)', async () => {
      const { c, email, password } = await member();
      expect((await c.post('/apiproxy/v1/account/settings/password', { currentPassword: password })).json).toMatchObject({ code: '111011', field: 'newPassword', message: 'Add password' });
      expect((await c.post('/apiproxy/v1/account/settings/password', { currentPassword: password, newPassword: 'qwertyuiop' })).json).toMatchObject({ code: '111022', messageId: 'password-too-common' });
      expect((await c.post('/apiproxy/v1/account/settings/password', { currentPassword: password, newPassword: email })).json).toMatchObject({ code: '111022', messageId: 'password-equals-email' });
      expect((await c.post('/apiproxy/v1/account/settings/password', { currentPassword: password, newPassword: password })).json).toMatchObject({ code: '111084', field: 'newPassword' });
    });

    it('wrong current passwords are rate limited (429 after 5)', async () => {
      const { c, password } = await member();
      for (let i = 0; i < 5; i++) expect((await c.post('/apiproxy/v1/account/settings/password', { currentPassword: `nope-${i}-nope`, newPassword: OTHER_PASSWORD })).status).toBe(400);
      const locked = await c.post('/apiproxy/v1/account/settings/password', { currentPassword: password, newPassword: OTHER_PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.json.code).toBe('RATE_LIMITED');
    });

    it('400 naming currentPassword when it is missing and the session has not re-authenticated', async () => {
      const { c } = await member();
      const res = await c.post('/apiproxy/v1/account/settings/password', { newPassword: OTHER_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.json.field).toBe('currentPassword');
      expect(res.json.message).toBe('Enter a password.');
      expect((await c.post('/apiproxy/v1/account/settings/password', { currentPassword: '', newPassword: OTHER_PASSWORD })).json.field).toBe('currentPassword');
    });

    it('after a re-authentication (within the window) the new password alone changes it; past the window it is refused', async () => {
      const { c, email, password } = await member();
      expect((await c.post('/apiproxy/v1/account/settings/mfa/reauth', { password })).status).toBe(200);
      const ok = await c.post('/apiproxy/v1/account/settings/password', { newPassword: OTHER_PASSWORD });
      expect(ok.status).toBe(200);
      expect((await signIn(newClient(), email, OTHER_PASSWORD, {}, freshIp())).status).toBe(200);
      // the window ends: the current password is needed again
      await db().query(`update sessions set mfa_verified_at = now() - interval '16 minutes' where user_id = (select id from users where email_normalized = $1)`, [email.toLowerCase()]);
      const late = await c.post('/apiproxy/v1/account/settings/password', { newPassword: 'Yet-Another-Secret-77' });
      expect(late.status).toBe(400);
      expect(late.json.field).toBe('currentPassword');
    });
  });

  describe('email change', () => {
    it('sends a 6-digit code to the new address and switches after the code', async () => {
      const { c, email, password } = await member();
      const target = uniqueEmail('moved');
      const res = await c.post('/apiproxy/v1/account/settings/email', { newEmail: target, password });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ proposedNewEmail: target });
      expect((await c.get('/apiproxy/v1/account/settings/email')).json).toEqual({ email, proposedNewEmail: target });
      expect(await outbox(c, email, 'email-change-code')).toHaveLength(0);
      const code = await latestCode(c, target, 'email-change-code');
      const done = await c.post('/apiproxy/v1/account/settings/email/verify', { code });
      expect(done.status).toBe(200);
      expect(done.json).toEqual({ email: target, proposedNewEmail: null });
      expect((await c.get('/apiproxy/v1/session')).json.user.email).toBe(target);
      expect(await outbox(c, email, 'email-changed')).toHaveLength(1);
      expect((await signIn(newClient(), target, password, {}, freshIp())).status).toBe(200);
      expect((await signIn(newClient(), email, password, {}, freshIp())).status).toBe(401);
    });

    it('needs the password, refuses same addresses, wrong or expired codes; a taken address is not revealed', async () => {
      const { c, email, password } = await member();
      const other = await member();
      const wrong = await c.post('/apiproxy/v1/account/settings/email', { newEmail: uniqueEmail(), password: 'bad-password-1' });
      expect(wrong.json).toMatchObject({ code: 'CURRENT_PASSWORD_INVALID', field: 'password' });
      // an address with an account: the same answer as a free one (docs/security-accounts.md), no code anywhere,
      // and the owner of that address is told
      const free = uniqueEmail('free');
      const taken = await c.post('/apiproxy/v1/account/settings/email', { newEmail: other.email.toUpperCase(), password });
      expect(taken.status).toBe(200);
      expect(taken.json).toEqual({ proposedNewEmail: other.email.toUpperCase() });
      expect((await c.get('/apiproxy/v1/account/settings/email')).json.proposedNewEmail).toBe(other.email.toUpperCase());
      expect((await outbox(c, other.email.toUpperCase(), 'email-change-code'))).toEqual([]);
      expect((await outbox(c, other.email, 'email-change-code'))).toEqual([]);
      const notice = await outbox(c, other.email, 'email-change-taken');
      expect(notice).toHaveLength(1);
      expect(notice[0]!.code).toBeNull();
      const freeAnswer = await c.post('/apiproxy/v1/account/settings/email', { newEmail: free.toUpperCase(), password });
      expect(freeAnswer.status).toBe(taken.status);
      expect(Object.keys(freeAnswer.json)).toEqual(Object.keys(taken.json));
      expect(AccountMessages.emailNotAvailable).toBe('Email address is not available.');
      expect((await c.post('/apiproxy/v1/account/settings/email', { newEmail: email, password })).json.field).toBe('newEmail');
      expect((await c.post('/apiproxy/v1/account/settings/email', { newEmail: 'not-an-email', password })).json.field).toBe('newEmail');
      const target = uniqueEmail('later');
      await c.post('/apiproxy/v1/account/settings/email', { newEmail: target, password });
      const code = await latestCode(c, target);
      const bad = await c.post('/apiproxy/v1/account/settings/email/verify', { code: code === '111111' ? '222222' : '111111' });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ code: 'INVALID_CODE', message: 'The code you entered is not valid. Please try again.' });
      await db().query(`update one_time_codes set expires_at = now() - interval '1 second' where purpose = 'email-change'`);
      expect((await c.post('/apiproxy/v1/account/settings/email/verify', { code })).status).toBe(410);
      expect((await c.get('/apiproxy/v1/account/profile')).json.email).toBe(email);
    });

    it('a completed email change ends the other sessions, not this one (ASVS 7.4.3)', async () => {
      const { c, email, password } = await member();
      const other = newClient();
      expect((await signIn(other, email, password, {}, freshIp())).status).toBe(200);
      const target = uniqueEmail('moved');
      await c.post('/apiproxy/v1/account/settings/email', { newEmail: target, password });
      expect(await signedIn(other)).toBe(true); // only asking changes nothing
      const res = await c.post('/apiproxy/v1/account/settings/email/verify', { code: await latestCode(c, target) });
      expect(res.status).toBe(200);
      expect(await signedIn(other)).toBe(false);
      expect(await signedIn(c)).toBe(true);
    });

    it('an address taken between the code and its use is refused', async () => {
      const { c, password } = await member();
      const target = uniqueEmail('race');
      await c.post('/apiproxy/v1/account/settings/email', { newEmail: target, password });
      const code = await latestCode(c, target);
      await createUser(newClient(), { emailAddress: target });
      const res = await c.post('/apiproxy/v1/account/settings/email/verify', { code });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('EMAIL_NOT_AVAILABLE');
    });
  });

  describe('MFA phone (re-authentication first)', () => {
    async function reauth(c: Client, password: string) {
      const res = await c.post('/apiproxy/v1/account/settings/mfa/reauth', { password });
      expect(res.status).toBe(200);
      return res.json;
    }

    it('status without re-auth; changes need a recent re-auth (403 REAUTH_REQUIRED)', async () => {
      const { c } = await member();
      const status = await c.get('/apiproxy/v1/account/settings/mfa');
      expect(status.json).toEqual({ enabled: false, phoneNumber: null, mfaVerifiedAt: null, reauthValidUntil: null });
      for (const res of [
        await c.post('/apiproxy/v1/account/settings/mfa/phone', { phoneNumber: '2065550111' }),
        await c.post('/apiproxy/v1/account/settings/mfa/phone/verify', { code: '123456' }),
        await c.del('/apiproxy/v1/account/settings/mfa/phone'),
      ]) {
        expect(res.status).toBe(403);
        expect(res.json.code).toBe('REAUTH_REQUIRED');
      }
    });

    it('adds a phone: re-auth with the password, code to the new phone, then sign-in asks for a code', async () => {
      const { c, email, password } = await member();
      const r = await reauth(c, password);
      expect(r.status).toBe('verified');
      expect(r.mfaVerifiedAt).toBeTruthy();
      const pending = await c.post('/apiproxy/v1/account/settings/mfa/phone', { phoneNumber: '206-555-0112' });
      expect(pending.status).toBe(200);
      expect(pending.json).toEqual({ pendingPhoneNumber: '•••-•••-0112' });
      const code = await latestCode(c, '2065550112', 'mfa-phone');
      const added = await c.post('/apiproxy/v1/account/settings/mfa/phone/verify', { code });
      expect(added.status).toBe(200);
      expect(added.json).toMatchObject({ enabled: true, phoneNumber: '•••-•••-0112' });
      expect(new Date(added.json.reauthValidUntil).getTime()).toBeGreaterThan(Date.now() + REAUTH_WINDOW_MS - 60_000);
      expect(await outbox(c, email, 'mfa-phone-changed')).toHaveLength(1);
      const signin = await signIn(newClient(), email, password, {}, freshIp());
      expect(signin.status).toBe(401);
      expect(signin.json.code).toBe('MFA_CHALLENGE_REQUIRED');
    });

    it('adding and removing the MFA phone end the other sessions, not this one (ASVS 7.4.3)', async () => {
      const { c, email, password } = await member();
      const other = newClient();
      expect((await signIn(other, email, password, {}, freshIp())).status).toBe(200);
      await reauth(c, password);
      await c.post('/apiproxy/v1/account/settings/mfa/phone', { phoneNumber: '2065550113' });
      const added = await c.post('/apiproxy/v1/account/settings/mfa/phone/verify', { code: await latestCode(c, '2065550113', 'mfa-phone') });
      expect(added.status).toBe(200);
      expect(await signedIn(other)).toBe(false);
      expect(await signedIn(c)).toBe(true);
      // removing: sign in elsewhere again (with the SMS code), then remove from c
      const third = newClient();
      const challenge = await signIn(third, email, password, {}, freshIp());
      expect(challenge.json.code).toBe('MFA_CHALLENGE_REQUIRED');
      const done = await third.post('/apiproxy/v1/account/signin/mfa', { challengeId: challenge.json.challengeId, code: await latestCode(c, '2065550113', 'signin-mfa') });
      expect(done.status).toBe(200);
      expect(await signedIn(third)).toBe(true);
      expect((await c.del('/apiproxy/v1/account/settings/mfa/phone')).status).toBe(200);
      expect(await signedIn(third)).toBe(false);
      expect(await signedIn(c)).toBe(true);
    });

    it('with a phone on file, re-auth also needs an SMS code', async () => {
      const { c, email, password } = await member();
      await db().query('update users set mfa_phone = $2 where email_normalized = $1', [email.toLowerCase(), '2065550113']);
      const r = await reauth(c, password);
      expect(r).toEqual({ status: 'code-sent', phoneNumber: '•••-•••-0113', mfaVerifiedAt: null });
      expect((await c.del('/apiproxy/v1/account/settings/mfa/phone')).status).toBe(403);
      const code = await latestCode(c, '2065550113', 'mfa-reauth');
      const wrong = await c.post('/apiproxy/v1/account/settings/mfa/reauth/verify', { code: code === '000000' ? '000001' : '000000' });
      expect(wrong.json.code).toBe('INVALID_CODE');
      const ok = await c.post('/apiproxy/v1/account/settings/mfa/reauth/verify', { code });
      expect(ok.status).toBe(200);
      expect(ok.json.reauthValidUntil).toBeTruthy();
      const removed = await c.del('/apiproxy/v1/account/settings/mfa/phone');
      expect(removed.status).toBe(200);
      expect(removed.json).toMatchObject({ enabled: false, phoneNumber: null });
      expect((await signIn(newClient(), email, password, {}, freshIp())).status).toBe(200);
    });

    it('a re-auth older than 15 minutes no longer counts', async () => {
      const { c, password } = await member();
      await reauth(c, password);
      const sid = c.jar.get('sid')!;
      const { hashToken } = await import('../http/session.ts');
      await db().query(`update sessions set mfa_verified_at = now() - interval '16 minutes' where id_hash = $1`, [hashToken(sid)]);
      const res = await c.post('/apiproxy/v1/account/settings/mfa/phone', { phoneNumber: '2065550114' });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('REAUTH_REQUIRED');
    });

    it('re-auth refuses a wrong password', async () => {
      const { c } = await member();
      const res = await c.post('/apiproxy/v1/account/settings/mfa/reauth', { password: 'wrong-password-r' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'CURRENT_PASSWORD_INVALID', field: 'password' });
    });

    it('validates the phone number with its error (not the spec hint again, issue 8)', async () => {
      const { c, password } = await member();
      await reauth(c, password);
      const res = await c.post('/apiproxy/v1/account/settings/mfa/phone', { phoneNumber: '12345' });
      expect(res.status).toBe(400);
      expect(res.json.field).toBe('phoneNumber');
      expect(res.json.issues[0].message).toBe("That phone number isn't valid. Enter 10 digits, for example 206 555 0123.");
    });

    it('limits how many codes one account can be sent (429)', async () => {
      const { c, password } = await member();
      await reauth(c, password);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await c.post('/apiproxy/v1/account/settings/mfa/phone', { phoneNumber: '2065550115' })).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    });

    it('the MFA endpoints do not exist when universal.enableMfaFeatures is off', async () => {
      const off = testClient(appFor(db(), testConfig({ universal: { enableMfaFeatures: false } })));
      await createUser(off);
      expect((await off.get('/apiproxy/v1/account/settings/mfa')).status).toBe(404);
      expect((await off.post('/apiproxy/v1/account/settings/mfa/reauth', { password: 'x' })).status).toBe(404);
    });
  });
});
