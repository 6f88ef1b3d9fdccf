process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { createHmac } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { forEachDb, testClient, testConfig } from '../test/db.ts';
import { userId } from '../test/accounts.ts';
import { createMember } from '../cards/test-helpers.ts';
import { setNow } from '../clock.ts';
import { partnerSettings, type PartnerSettings } from './partner-settings.ts';
import { PARTNER_RETURN, signState, stateKey, STATE_TTL_MS } from './partners.ts';

const API = '/apiproxy/v1/rewards/partnerships/lodgecrest';
const CONSTANT_LOCATIONS = ['/rewards/partnerships/lodgecrest/success', '/rewards/partnerships/lodgecrest/already-linked', '/rewards/partnerships/lodgecrest/error'];
const SANDBOX = partnerSettings({}, { sandbox: true });
const EXTERNAL = partnerSettings({ HOTEL_PARTNER_AUTHORIZE_URL: 'https://partner.example/oauth/authorize' }, { sandbox: false });
const stateOf = (redirectURL: string) => new URL(redirectURL, 'http://x.invalid').searchParams.get('state')!;

afterEach(() => setNow(null));

/** docs/rewards.md 3.7 and 5: the signed state, the callback's constant answers, unlink with 8001034 */
forEachDb('hotel partner link and unlink', ({ db }) => {
  const appWith = (partner: PartnerSettings = SANDBOX) => createApp({ db: db(), config: testConfig(), partner });
  let n = 0;
  async function member(partner: PartnerSettings = SANDBOX, origin = 'http://localhost') {
    const c = testClient(appWith(partner), origin);
    const email = await createMember(c, `partner.${process.pid}.${Date.now().toString(36)}.${n++}@example.com`);
    return { c, id: await userId(db(), email) };
  }
  type Client = Awaited<ReturnType<typeof member>>['c'];

  /** the partner's form POST (no CSRF header: a form cannot send one), with the member's cookies */
  async function callback(c: Client | null, fields: Record<string, string>, o: { path?: string; origin?: string; contentType?: string; partner?: PartnerSettings } = {}) {
    const headers: Record<string, string> = { 'content-type': o.contentType ?? 'application/x-www-form-urlencoded' };
    if (c?.jar.size) headers.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (o.origin) headers.origin = o.origin;
    const res = await appWith(o.partner).request(`http://localhost${o.path ?? `${API}/callback`}`, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(CONSTANT_LOCATIONS).toContain(location);
    return location;
  }
  async function authenticate(c: Client) {
    const r = await c.get(`${API}/authenticate`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.redirectURL as string;
  }
  const links = async (id: string) => (await db().query<{ partner_member_id: string }>('select partner_member_id from partner_links where user_id = $1', [id])).rows;
  const number = () => String(100000000 + Math.floor(Math.random() * 899999999));

  it('links: authenticate → sandbox state → callback 302 /success; then already linked (409 and /already-linked); unlink; unlink again 8001034', async () => {
    const { c, id } = await member();
    const url = await authenticate(c);
    expect(url).toMatch(/^\/dev\/hotel-partner\/authorize\?state=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const memberNo = number();
    expect(await callback(c, { state: stateOf(url), partnerMemberId: memberNo, outcome: 'linked' })).toBe(PARTNER_RETURN.success);
    expect(await links(id)).toEqual([{ partner_member_id: memberNo }]);

    const again = await c.get(`${API}/authenticate`);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'ALREADY_LINKED', message: "You're already linked!" });

    expect((await c.post(`${API}/unlink`)).json).toEqual({ unlinked: true });
    expect(await links(id)).toEqual([]);
    const twice = await c.post(`${API}/unlink`);
    expect(twice.status).toBe(404);
    expect(twice.json).toEqual({ code: '8001034', message: "You're actually not linked!", error: { code: '8001034' } });
  });

  it('a state still valid after linking elsewhere (second tab): the callback answers /already-linked, one link', async () => {
    const { c, id } = await member();
    const first = await authenticate(c);
    const second = await authenticate(c);
    expect(await callback(c, { state: stateOf(first), partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.success);
    expect(await callback(c, { state: stateOf(second), partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.alreadyLinked);
    expect(await links(id)).toHaveLength(1);
  });

  it('refuses a forged MAC, a state signed with another key, and a payload changed under the MAC', async () => {
    const { c, id } = await member();
    const state = stateOf(await authenticate(c));
    const [payload, mac] = state.split('.') as [string, string];
    const flipped = `${payload}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(await callback(c, { state: flipped, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherKey = Buffer.from('an-attacker-key-of-thirty-two-characters!');
    expect(await callback(c, { state: signState(otherKey, claims), partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    const longer = Buffer.from(JSON.stringify({ ...claims, x: claims.x + 3_600_000 })).toString('base64url');
    expect(await callback(c, { state: `${longer}.${mac}`, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    // an HMAC of the bare payload (without the key's domain prefix) is not the state's MAC either
    const key = await stateKey(db(), SANDBOX);
    const bare = createHmac('sha256', key).update(payload).digest('base64url');
    expect(await callback(c, { state: `${payload}.${bare}`, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    expect(await links(id)).toEqual([]);
    // the genuine state still works (the refusals did not use its nonce)
    expect(await callback(c, { state, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.success);
  });

  it('refuses an expired state (10 minutes), even with a correct MAC and an unused nonce', async () => {
    const { c, id } = await member();
    const start = new Date();
    setNow(start);
    const state = stateOf(await authenticate(c));
    setNow(new Date(start.getTime() + STATE_TTL_MS + 1000));
    expect(await callback(c, { state, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    expect(await links(id)).toEqual([]);
    setNow(new Date(start.getTime() + STATE_TTL_MS - 1000));
    expect(await callback(c, { state, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.success);
  });

  it('a replayed nonce is refused; 10 concurrent replays of one state make one link and one /success', async () => {
    const { c, id } = await member();
    const state = stateOf(await authenticate(c));
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(c, { state, partnerMemberId: number(), outcome: 'linked' })));
    expect(answers.filter((l) => l === PARTNER_RETURN.success)).toHaveLength(1);
    expect(answers.filter((l) => l === PARTNER_RETURN.error)).toHaveLength(9);
    expect(await links(id)).toHaveLength(1);
    // unlinked, the used state still cannot link again
    await c.post(`${API}/unlink`);
    expect(await callback(c, { state, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    expect(await links(id)).toEqual([]);
  });

  it("another member's state is refused (bound to the signed-in member), and so is a guest's callback", async () => {
    const a = await member();
    const b = await member();
    const state = stateOf(await authenticate(a.c));
    expect(await callback(b.c, { state, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    expect(await callback(null, { state, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    expect(await links(a.id)).toEqual([]);
    expect(await links(b.id)).toEqual([]);
    // the refusals did not spend A's nonce
    expect(await callback(a.c, { state, partnerMemberId: number(), outcome: 'linked' })).toBe(PARTNER_RETURN.success);
  });

  it('a partner number held by another member is refused', async () => {
    const a = await member();
    const b = await member();
    const memberNo = number();
    expect(await callback(a.c, { state: stateOf(await authenticate(a.c)), partnerMemberId: memberNo, outcome: 'linked' })).toBe(PARTNER_RETURN.success);
    expect(await callback(b.c, { state: stateOf(await authenticate(b.c)), partnerMemberId: memberNo, outcome: 'linked' })).toBe(PARTNER_RETURN.error);
    expect(await links(b.id)).toEqual([]);
  });

  it('redirectURL comes from the configuration only: Host, X-Forwarded-Host and the query change nothing', async () => {
    for (const partner of [SANDBOX, EXTERNAL]) {
      const prefix = partner === SANDBOX ? '/dev/hotel-partner/authorize?state=' : 'https://partner.example/oauth/authorize?state=';
      const urls: string[] = [];
      for (const origin of ['http://localhost', 'http://127.0.0.1']) {
        const { c } = await member(partner, origin);
        urls.push(await authenticate(c));
        for (const [path, headers] of [
          [`${API}/authenticate?next=//evil.example&redirectURL=https://evil.example/&returnUrl=https://evil.example`, {}],
          [`${API}/authenticate`, { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' }],
          [`${API}/authenticate`, { referer: 'https://evil.example/', origin: 'https://evil.example' }],
        ] as const) {
          const r = await c.get(path, { headers });
          expect(r.status).toBe(200);
          urls.push(r.json.redirectURL);
        }
        // a Host this server does not answer to is refused before any route (server/http/host.ts)
        expect((await c.get(`${API}/authenticate`, { headers: { host: 'evil.example' } })).status).toBe(421);
      }
      for (const url of urls) {
        expect(url.startsWith(prefix)).toBe(true);
        expect(url.slice(prefix.length)).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
        expect(url).not.toContain('evil');
      }
    }
  });

  it('the callback always answers 302 to one of the three constant paths, whatever it is sent', async () => {
    const { c, id } = await member();
    const state = stateOf(await authenticate(c));
    const bad: Array<[Record<string, string>, Parameters<typeof callback>[2]]> = [
      [{}, {}],
      [{ state: 'x.y', outcome: 'linked', partnerMemberId: number() }, {}],
      [{ state, outcome: 'linked', partnerMemberId: '12345' }, {}],
      [{ state, outcome: 'linked' }, {}],
      [{ state, outcome: 'maybe', partnerMemberId: number() }, {}],
      [{ state, outcome: 'linked', partnerMemberId: number(), returnUrl: 'https://evil.example' }, { path: `/apiproxy/v1/rewards/partnerships/evil.example/callback` }],
      [{ state, outcome: 'linked', partnerMemberId: number() }, { path: `/apiproxy/v1/rewards/partnerships/other/callback` }],
      [{ state, outcome: 'linked', partnerMemberId: number() }, { origin: 'https://evil.example' }],
      [{ state, outcome: 'linked', partnerMemberId: number() }, { contentType: 'application/json' }],
      [{ state, outcome: 'linked', partnerMemberId: number() }, { partner: { ...SANDBOX, enabled: false } }],
    ];
    for (const [fields, o] of bad) expect(await callback(c, fields, o)).toBe(PARTNER_RETURN.error);
    expect(await links(id)).toEqual([]);
    // the member cancels at the partner: /error, and the state is spent
    expect(await callback(c, { state, outcome: 'cancelled' })).toBe(PARTNER_RETURN.error);
    expect(await callback(c, { state, outcome: 'linked', partnerMemberId: number() })).toBe(PARTNER_RETURN.error);
    expect(await links(id)).toEqual([]);
  });

  it('unknown partner or the setting off: 404 PARTNER_NOT_FOUND; guests 401; unlink needs the CSRF header', async () => {
    const { c } = await member();
    for (const p of ['other', 'LODGECREST', 'lodgecrest-x']) {
      const r = await c.get(`/apiproxy/v1/rewards/partnerships/${p}/authenticate`);
      expect(r.status).toBe(404);
      expect(r.json.code).toBe('PARTNER_NOT_FOUND');
    }
    expect((await c.post('/apiproxy/v1/rewards/partnerships/other/unlink')).json.code).toBe('PARTNER_NOT_FOUND');
    const off = testClient(appWith({ ...SANDBOX, enabled: false }));
    for (const c2 of [off]) {
      const r = await c2.get(`${API}/authenticate`);
      expect([r.status, r.json.code]).toEqual([404, 'PARTNER_NOT_FOUND']);
    }
    const guest = testClient(appWith());
    expect((await guest.get(`${API}/authenticate`)).status).toBe(401);
    expect((await guest.post(`${API}/unlink`)).status).toBe(401);
    expect((await c.post(`${API}/unlink`, {}, { csrf: false })).status).toBe(403);
  });

  it('settings: off in production without an authorize URL, off without the sandbox, and a bad URL refuses to start', () => {
    expect(partnerSettings({ APP_ENV: 'production' }, { sandbox: false }).enabled).toBe(false);
    expect(partnerSettings({ HOTEL_PARTNER_ENABLED: 'false' }, { sandbox: true }).enabled).toBe(false);
    expect(partnerSettings({}, { sandbox: true })).toMatchObject({ enabled: true, slug: 'lodgecrest', authorizeUrl: '/dev/hotel-partner/authorize', authorizeOrigin: null });
    expect(EXTERNAL).toMatchObject({ enabled: true, authorizeUrl: 'https://partner.example/oauth/authorize', authorizeOrigin: 'https://partner.example' });
    expect(() => partnerSettings({ HOTEL_PARTNER_AUTHORIZE_URL: 'http://partner.example/a' }, { sandbox: false })).toThrow(/https/);
    expect(() => partnerSettings({ HOTEL_PARTNER_AUTHORIZE_URL: 'https://partner.example/a?next=x' }, { sandbox: false })).toThrow(/query/);
    expect(() => partnerSettings({ PARTNER_STATE_SECRET: 'short' }, { sandbox: true })).toThrow(/32/);
    expect(() => partnerSettings({ HOTEL_PARTNER_ENABLED: 'maybe' }, { sandbox: true })).toThrow(/HOTEL_PARTNER_ENABLED/);
  });

  it('the sandbox page: loopback only, the state escaped into its form', async () => {
    const c = testClient(appWith());
    const page = await c.get('/dev/hotel-partner/authorize?state=abc.def');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Lodgecrest Rewards (sandbox)</title>');
    expect(page.text).toContain('action="/apiproxy/v1/rewards/partnerships/lodgecrest/callback"');
    expect(page.text).toContain('name="state" value="abc.def"');
    expect(page.text).toMatch(/name="partnerMemberId"[^>]*value="100000[0-9]{3}"/);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    const hostile = await c.get(`/dev/hotel-partner/authorize?state=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(hostile.text).not.toContain('<script>alert');
    expect(hostile.text).not.toContain('<form');
    expect((await c.get('/dev/hotel-partner/authorize?state=abc.def', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
  });
});
