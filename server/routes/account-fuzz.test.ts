process.env.PASSWORD_HASH_LOG_N = '10'; // fast hashes in tests only

import { expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createUser } from '../test/accounts.ts';

/** Odd bodies on every account endpoint: a 4xx with the one error shape, never a 500. */
const endpoints: Array<[string, string]> = [
  ['POST', '/apiproxy/v1/account/signin'],
  ['POST', '/apiproxy/v1/account/signin/mfa'],
  ['POST', '/apiproxy/v1/account/signin/sso/abc'],
  ['POST', '/apiproxy/v1/account/forgot-password'],
  ['POST', '/apiproxy/v1/account/reset-password'],
  ['POST', '/apiproxy/v1/account/create'],
  ['PATCH', '/apiproxy/v1/account/profile'],
  ['PUT', '/apiproxy/v1/account/partner-number'],
  ['PUT', '/apiproxy/v1/account/communication-preferences'],
  ['POST', '/apiproxy/v1/account/settings/password'],
  ['POST', '/apiproxy/v1/account/settings/email'],
  ['POST', '/apiproxy/v1/account/settings/email/verify'],
  ['POST', '/apiproxy/v1/account/settings/mfa/reauth'],
  ['POST', '/apiproxy/v1/account/settings/mfa/reauth/verify'],
  ['POST', '/apiproxy/v1/account/settings/mfa/phone'],
  ['POST', '/apiproxy/v1/account/settings/mfa/phone/verify'],
];
const bodies: unknown[] = ['null', '[]', '1', '"text"', '{"a":', '{"username":{"$gt":""},"password":["x"]}', JSON.stringify({ username: 'a'.repeat(70_000) })];

forEachDb('account endpoints never answer 500', ({ db }) => {
  it('odd bodies get a 4xx with code and message', async () => {
    const c = testClient(appFor(db()));
    await createUser(c);
    // an empty MFA window would stop the body checks at 403; open one
    await c.post('/apiproxy/v1/account/settings/mfa/reauth', { password: 'Lantern-Harbor-93' });
    for (const [method, path] of endpoints) {
      for (const body of bodies) {
        const res = method === 'PATCH' ? await c.patch(path, body) : method === 'PUT' ? await c.put(path, body) : await c.post(path, body);
        const what = `${method} ${path} ${String(body).slice(0, 40)}`;
        expect(res.status, what).toBeLessThan(500);
        // all-optional patches read [] and unknown keys as an empty change; everything else is refused
        if (res.status === 200) expect(['/apiproxy/v1/account/profile', '/apiproxy/v1/account/communication-preferences'], what).toContain(path);
        else {
          expect(res.status, what).toBeGreaterThanOrEqual(400);
          expect(typeof res.json?.code, what).toBe('string');
          expect(typeof res.json?.message, what).toBe('string');
        }
      }
    }
    // sign-out never fails on its body (a body over the limit is refused with 413 before any route: server/http/input.ts)
    for (const body of bodies) {
      const res = await c.post('/apiproxy/v1/account/signout', body);
      if (String(body).length > 64 * 1024) {
        expect(res.status).toBe(413);
        continue;
      }
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ returnUrl: '/' });
    }
    expect((await c.get('/apiproxy/v1/session')).json.signedIn).toBe(false);
  });
});
