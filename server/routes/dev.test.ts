process.env.PASSWORD_HASH_LOG_N = '10'; // fast hashes in tests only

import { expect, it } from 'vitest';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
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

  it('none of it exists without config.devTools', async () => {
    const prod = testClient(appFor(db(), testConfig({ devTools: false })));
    expect((await prod.get('/dev/outbox')).status).toBe(404);
    expect((await prod.get('/apiproxy/v1/dev/outbox')).status).toBe(404);
    expect((await prod.post('/apiproxy/v1/dev/sso-token', { email: 'demo@example.com' })).status).toBe(404);
  });
});
