process.env.PASSWORD_HASH_LOG_N = '10'; // fast hashes in tests only

import { expect, it } from 'vitest';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
import { createApp } from '../app.ts';
import { loadConfig, loadServerSettings } from '../config.ts';
import { isDevPath } from './dev.ts';
import { createUser, outbox } from '../test/accounts.ts';

forEachDb('dev tools', ({ db }) => {
  const newClient = () => testClient(appFor(db()));

  it('GET /dev/outbox lists messages newest first, HTML-escaped, with clickable same-origin links', async () => {
    await db().query(
      `insert into outbox (channel, recipient, subject, body, link, kind) values
         ('email', 'x@example.com', '<b>first</b>', 'body <script>alert(1)</script> & "q"', '/account/reset-password/abc', 'test'),
         ('sms', '2065550100', 'Text message', 'code 123456', 'javascript:alert(1)', 'test'),
         ('email', 'y@example.com', 'third', 'see //evil', '//evil.com/x', 'test')`,
    );
    const res = await newClient().get('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = res.text;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;');
    expect(html).toContain('&lt;b&gt;first&lt;/b&gt;');
    expect(html).toContain('<a href="/account/reset-password/abc">');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('href="//evil.com');
    expect(html.indexOf('third')).toBeLessThan(html.indexOf('&lt;b&gt;first'));
    const filtered = await newClient().get('/dev/outbox?recipient=y@example.com');
    expect(filtered.text).toContain('third');
    expect(filtered.text).not.toContain('first</b>');
  });

  it('GET /apiproxy/v1/dev/outbox returns JSON with the code extracted, filtered by recipient', async () => {
    const c = newClient();
    const messages = await outbox(c, '2065550100');
    expect(messages[0]).toMatchObject({ channel: 'sms', recipient: '2065550100', code: '123456', kind: 'test' });
    const all = (await c.get('/apiproxy/v1/dev/outbox?limit=2')).json.messages;
    expect(all).toHaveLength(2);
    expect(all[0].id).toBeGreaterThan(all[1].id);
    expect((await c.get('/apiproxy/v1/dev/outbox?limit=abc')).status).toBe(400);
  });

  it('the outbox viewer shows the delivery of each message: status, attempts, sent_at and last_error (HTML and JSON)', async () => {
    const ids = (
      await db().query<{ id: number }>(
        `insert into outbox (channel, recipient, subject, body, kind) values
           ('email', 'delivery-sent@example.com', 'Sent one', 'b', 'test'),
           ('email', 'delivery-failed@example.com', 'Failed one', 'b', 'test'),
           ('email', 'delivery-waiting@example.com', 'Waiting one', 'b', 'test'),
           ('sms', '2065550199', 'Text message', 'b', 'test') returning id`,
      )
    ).rows.map((r) => Number(r.id));
    await db().query(`update outbox set status = 'sent', attempts = 2, sent_at = '2026-11-28T08:00:00Z', last_error = '451 try later' where id = $1`, [ids[0]]);
    await db().query(`update outbox set status = 'failed', attempts = 1, last_error = '550 <no such user>' where id = $1`, [ids[1]]);
    const c = newClient();
    const [sent] = await outbox(c, 'delivery-sent@example.com');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, sentAt: '2026-11-28T08:00:00.000Z', lastError: '451 try later' });
    const [waiting] = await outbox(c, 'delivery-waiting@example.com');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, sentAt: null, lastError: null });
    const html = (await c.get('/dev/outbox')).text;
    expect(html).toContain('<th>Delivery</th>');
    expect(html).toContain('sent<br>2 attempts<br>sent 2026-11-28T08:00:00.000Z<br><small>last error: 451 try later</small>');
    expect(html).toContain('failed<br>1 attempt<br><small>last error: 550 &lt;no such user&gt;</small>');
    expect(html).toContain('pending (sent only when SMTP_URL is set)');
    expect(html).toContain('not sent (no SMS gateway)');
  });

  it('POST /apiproxy/v1/dev/sso-token mints for the signed-in user or a named one', async () => {
    const c = newClient();
    const u = await createUser(c);
    const mine = await c.post('/apiproxy/v1/dev/sso-token', {});
    expect(mine.status).toBe(200);
    expect(mine.json.url).toBe(`/account/signin/sso/${mine.json.token}`);
    const guest = newClient();
    expect((await guest.post('/apiproxy/v1/dev/sso-token', {})).status).toBe(400);
    expect((await guest.post('/apiproxy/v1/dev/sso-token', { email: 'nobody-here@example.com' })).status).toBe(400);
    const named = await guest.post('/dev/sso-token', { email: u.email, returnUrl: '//evil.com' });
    expect(named.status).toBe(200);
    expect(named.json.url).not.toContain('evil');
    expect((await guest.post(`/apiproxy/v1/account/signin/sso/${named.json.token}`, {})).status).toBe(200);
    expect((await guest.get('/apiproxy/v1/session')).json.user.email).toBe(u.email);
    expect((await guest.post('/dev/sso-token', {}, { csrf: false })).status).toBe(403);
  });

  it('none of it exists without config.devTools, and the SSO mint only under APP_ENV=test', async () => {
    const off = testClient(appFor(db(), testConfig({ devTools: false, env: 'development' })));
    expect((await off.get('/dev/outbox')).status).toBe(404);
    expect((await off.get('/apiproxy/v1/dev/outbox')).status).toBe(404);
    expect((await off.post('/apiproxy/v1/dev/sso-token', { email: 'demo@example.com' })).status).toBe(404);
    expect((await off.post('/dev/sso-token', { email: 'demo@example.com' })).status).toBe(404);
  });

  it('the default configuration (npm start: no environment) answers 404 to the SSO mint and keeps the outbox local', async () => {
    const defaults = loadConfig({});
    expect(defaults.env).toBe('development');
    expect(loadServerSettings({}).host).toBe('127.0.0.1');
    const c = testClient(createApp({ db: db(), config: defaults, server: loadServerSettings({}) }));
    const minted = await c.post('/apiproxy/v1/dev/sso-token', { email: 'demo@example.com' });
    expect(minted.status).toBe(404);
    expect(minted.json).toMatchObject({ code: 'NOT_FOUND' });
    expect((await c.post('/dev/sso-token', { email: 'demo@example.com' })).status).toBe(404);
    // the outbox viewer is there for this machine, without the mint form
    const page = await c.get('/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Mint an SSO sign-in link');
    // listening beyond loopback turns the outbox off unless DEV_TOOLS=1 asks; production never has it
    expect(loadConfig({ HOST: '0.0.0.0' }).devTools).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_TOOLS: '1' }).devTools).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', DEV_TOOLS: '0' }).devTools).toBe(false);
    expect(loadConfig({ APP_ENV: 'production', DEV_TOOLS: '1' }).devTools).toBe(false);
    expect(loadConfig({ APP_ENV: 'production' }).devTools).toBe(false);
  });

  it('the client config says devTools only to this machine with the dev tools on, never to a remote client or in production', async () => {
    const server = { ...loadServerSettings({}), trustProxy: '127.0.0.1' };
    const on = createApp({ db: db(), config: testConfig({ devTools: true }), server });
    const devToolsFor = async (app: typeof on, ip: string, headers: Record<string, string> = {}, host = 'localhost') => {
      const res = await app.request(`http://${host}/apiproxy/v1/config`, { headers }, { incoming: { socket: { remoteAddress: ip } } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { devTools: boolean }).devTools;
    };
    expect(await devToolsFor(on, '127.0.0.1')).toBe(true);
    expect(await devToolsFor(on, '203.0.113.7')).toBe(false);
    expect(await devToolsFor(on, '127.0.0.1', { 'x-forwarded-for': '198.51.100.2' })).toBe(false);
    // a public host name (a proxy on this machine forwarding it) never, whatever the caller's address (issue 30)
    expect(await devToolsFor(on, '127.0.0.1', {}, 'coffee.example')).toBe(false);
    expect(await devToolsFor(on, '127.0.0.1', {}, '127.0.0.1:4150')).toBe(true);
    expect(await devToolsFor(on, '::1', {}, '[::1]:4150')).toBe(true);
    const production = createApp({ db: db(), config: loadConfig({ APP_ENV: 'production', DEV_TOOLS: '1' }), server });
    expect(await devToolsFor(production, '127.0.0.1')).toBe(false);
  });

  it('a non-loopback client gets 404 from every dev route (taken from the route table)', async () => {
    const everything = createApp({ db: db(), config: testConfig(), server: { ...loadServerSettings({}), trustProxy: '127.0.0.1' } });
    const devRoutes = everything.routes.filter((r) => r.method !== 'ALL' && isDevPath(r.path));
    // the outbox page, the outbox JSON and both SSO mints at least; routes added later join by themselves
    expect(devRoutes.length).toBeGreaterThanOrEqual(4);
    const callers: Array<[string, { ip: string; headers?: Record<string, string> }]> = [
      ['a remote client', { ip: '203.0.113.7' }],
      ['a remote IPv6 client', { ip: '2001:db8::7' }],
      ['a remote client through the trusted proxy', { ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.2' } }],
      ['a remote client forging 127.0.0.1 through the trusted proxy', { ip: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1, 198.51.100.2' } }],
      ['a client behind an untrusted local proxy', { ip: '::ffff:127.0.0.1', headers: { 'x-real-ip': '198.51.100.3' } }],
    ];
    for (const { method, path } of devRoutes) {
      const url = `http://localhost${path.replace(/:[A-Za-z]+/g, 'x')}`;
      for (const [who, { ip, headers }] of callers) {
        const res = await everything.request(url, { method, headers: { 'content-type': 'application/json', ...headers }, ...(method === 'GET' ? {} : { body: '{}' }) }, { incoming: { socket: { remoteAddress: ip } } });
        expect(res.status, `${method} ${path} from ${who}`).toBe(404);
        expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
      // the same route answers this machine
      const local = await everything.request(url, { method, headers: { 'content-type': 'application/json' }, ...(method === 'GET' ? {} : { body: '{}' }) }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
      expect(local.status, `${method} ${path} from 127.0.0.1`).not.toBe(404);
    }
  });
});
