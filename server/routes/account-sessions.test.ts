process.env.TRUST_PROXY = 'true';

import { expect, it } from 'vitest';
import { describeDevice } from '../../contracts/sessions.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createUser, signedIn, signIn } from '../test/accounts.ts';

const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
let ipCounter = 1;
const ip = () => `203.0.113.${ipCounter++}`;

forEachDb('account sessions (ASVS 7.4.3)', ({ db }) => {
  const newClient = () => testClient(appFor(db()));

  async function twoDevices() {
    const a = newClient();
    const u = await createUser(a);
    const desktop = newClient();
    const phone = newClient();
    expect((await signIn(desktop, u.email, u.password, {}, { 'x-forwarded-for': ip(), 'user-agent': CHROME_WIN })).status).toBe(200);
    expect((await signIn(phone, u.email, u.password, { rememberMe: true }, { 'x-forwarded-for': ip(), 'user-agent': SAFARI_IPHONE })).status).toBe(200);
    return { u, a, desktop, phone };
  }

  it('lists the member’s sessions: device, created, last seen, this device marked; nothing secret', async () => {
    const { desktop } = await twoDevices();
    const res = await desktop.get('/apiproxy/v1/account/sessions');
    expect(res.status).toBe(200);
    const list = res.json.sessions as Array<Record<string, unknown>>;
    expect(list).toHaveLength(3);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Chrome on Windows', rememberMe: false });
    expect(list.map((s) => s.device)).toContain('Safari on iPhone');
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastSeenAt', 'rememberMe']);
      expect(new Date(s.createdAt as string).getTime()).toBeLessThanOrEqual(Date.now());
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const hashes = await db().query<{ id_hash: string }>('select id_hash from sessions');
    for (const h of hashes.rows) expect(JSON.stringify(list)).not.toContain(h.id_hash);
  });

  it('ends one other session; that device is signed out, this one is not', async () => {
    const { desktop, phone } = await twoDevices();
    const list = (await desktop.get('/apiproxy/v1/account/sessions')).json.sessions as Array<{ id: string; device: string; current: boolean }>;
    const phoneSession = list.find((s) => s.device === 'Safari on iPhone')!;
    const res = await desktop.del(`/apiproxy/v1/account/sessions/${phoneSession.id}`);
    expect(res.status).toBe(200);
    expect(res.json.sessions.map((s: { id: string }) => s.id)).not.toContain(phoneSession.id);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(desktop)).toBe(true);
    const again = await desktop.del(`/apiproxy/v1/account/sessions/${phoneSession.id}`);
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ code: 'SESSION_NOT_FOUND', message: 'That session has already ended.' });
  });

  it('ends all other sessions', async () => {
    const { a, desktop, phone } = await twoDevices();
    const res = await desktop.post('/apiproxy/v1/account/sessions/end-others', {});
    expect(res.status).toBe(200);
    expect(res.json.sessions).toHaveLength(1);
    expect(res.json.sessions[0].current).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(a)).toBe(false);
    expect(await signedIn(desktop)).toBe(true);
  });

  it("cannot end this device's own session (sign out instead), nor another member's, and needs sign-in and CSRF", async () => {
    const { desktop, phone } = await twoDevices();
    const mine = ((await desktop.get('/apiproxy/v1/account/sessions')).json.sessions as Array<{ id: string; current: boolean }>).find((s) => s.current)!;
    const own = await desktop.del(`/apiproxy/v1/account/sessions/${mine.id}`);
    expect(own.status).toBe(400);
    expect(own.json.message).toBe('To end this session, sign out.');
    const stranger = newClient();
    await createUser(stranger);
    const res = await stranger.del(`/apiproxy/v1/account/sessions/${mine.id}`);
    expect(res.status).toBe(404);
    expect(await signedIn(desktop)).toBe(true);
    expect((await stranger.del('/apiproxy/v1/account/sessions/not-a-session-id')).status).toBe(400);
    expect((await newClient().get('/apiproxy/v1/account/sessions')).status).toBe(401);
    expect((await newClient().post('/apiproxy/v1/account/sessions/end-others', {})).status).toBe(401);
    expect((await phone.post('/apiproxy/v1/account/sessions/end-others', {}, { csrf: false })).status).toBe(403);
    expect(await signedIn(desktop)).toBe(true);
  });

  it('describes devices from the user agent', () => {
    expect(describeDevice(CHROME_WIN)).toBe('Chrome on Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) Gecko/20100101 Firefox/125.0')).toBe('Firefox on macOS');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0')).toBe('Edge on Linux');
    expect(describeDevice(null)).toBe('Unknown device');
    expect(describeDevice('curl/8.0')).toBe('Unknown device');
  });
});
