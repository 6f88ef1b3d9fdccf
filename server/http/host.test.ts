import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { createApp } from '../app.ts';
import { loadServerSettings, parsePublicOrigins } from '../config.ts';
import { forEachDb, testConfig } from '../test/db.ts';
import { configuredOrigins, hostAllowed, hostPolicy } from './host.ts';
import { SAMPLE_CLIENT_ID } from '../oauth/store.ts';

/** Issue 25: DNS rebinding. Every request's Host must name this server (server/http/host.ts). */

const policy = hostPolicy({ port: 3000, publicOrigins: ['https://coffee.example', 'http://shop.example:8080'] });

describe('hostAllowed', () => {
  it('accepts the loopback names on the listening port and the configured origins', () => {
    for (const h of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000', 'coffee.example', 'coffee.example:443', 'Coffee.Example', 'shop.example:8080']) expect(hostAllowed(h, policy), h).toBe(true);
  });
  it('refuses any other name, port or shape', () => {
    for (const h of [
      'attacker.example:3000',
      'attacker.example',
      'localhost.attacker.example:3000',
      '127.0.0.1.nip.io:3000',
      'localhost:3001',
      'localhost',
      '127.0.0.1:80',
      '[::1]:3001',
      'coffee.example:3000',
      'shop.example',
      'coffee.example.attacker.example',
      '',
      'localhost:3000@attacker.example',
      'localhost:3000/x',
      '127.0.0.2:3000',
    ])
      expect(hostAllowed(h, policy), h).toBe(false);
  });
  it('uses the socket’s port over the configured one, and accepts the socket’s own IP address (not a name)', () => {
    expect(hostAllowed('localhost:41234', policy, { port: 41234 })).toBe(true);
    expect(hostAllowed('localhost:3000', policy, { port: 41234 })).toBe(false);
    expect(hostAllowed('192.168.1.5:3000', policy, { address: '::ffff:192.168.1.5', port: 3000 })).toBe(true);
    expect(hostAllowed('[fd00::5]:3000', policy, { address: 'fd00::5', port: 3000 })).toBe(true);
    expect(hostAllowed('192.168.1.6:3000', policy, { address: '192.168.1.5', port: 3000 })).toBe(false);
  });
  it('PUBLIC_ORIGIN takes origins only', () => {
    expect(parsePublicOrigins(' https://coffee.example/ , http://localhost:5173')).toEqual(['https://coffee.example', 'http://localhost:5173']);
    for (const bad of ['coffee.example', 'https://coffee.example/app', 'ftp://x.example', 'https://u:p@x.example', 'https://x.example/?a=1']) expect(() => parsePublicOrigins(bad), bad).toThrow(/PUBLIC_ORIGIN/);
  });
  it('the configured origins: PUBLIC_ORIGIN, then the loopback names on PORT', () => {
    expect(configuredOrigins({ port: 3000, publicOrigins: ['https://coffee.example'] })).toEqual(['https://coffee.example', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
  });
});

forEachDb('Host check (DNS rebinding)', ({ db }) => {
  const local = { incoming: { socket: { remoteAddress: '127.0.0.1', localAddress: '127.0.0.1', localPort: 3000 } } };
  const appWith = (env: Record<string, string> = {}) => createApp({ db: db(), config: testConfig({ devTools: true }), server: loadServerSettings({ PORT: '3000', ...env }) });

  it('a rebinding page (Host attacker.example:3000) gets 421 in the error shape from the outbox, the register and the sample client; the loopback names get through', async () => {
    const app = appWith();
    const targets: Array<[string, RequestInit]> = [
      ['/apiproxy/v1/dev/outbox', {}],
      ['/dev/outbox', {}],
      ['/dev/oauth-client', {}],
      ['/apiproxy/v1/dev/register/charge', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
      ['/apiproxy/v1/session', {}],
      ['/healthz', {}],
    ];
    for (const [path, init] of targets) {
      const res = await app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), host: 'attacker.example:3000' } }, local);
      expect(res.status, path).toBe(421);
      expect(await res.json(), path).toEqual({ code: 'MISDIRECTED_REQUEST', message: 'This server does not answer to that host name.' });
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await app.request('/apiproxy/v1/dev/outbox', { headers: { host } }, local)).status, host).toBe(200);
    }
    expect((await app.request('/apiproxy/v1/dev/outbox', { headers: { host: 'localhost:3001' } }, local)).status).toBe(421);
  });

  it('the sample OAuth client registers its redirect URIs from the configuration, never from the request', async () => {
    await db().query('delete from oauth_clients where client_id = $1', [SAMPLE_CLIENT_ID]);
    const app = appWith({ PUBLIC_ORIGIN: 'http://dev.coffee.example:3000' });
    const uris = async () => (await db().query<{ redirect_uris: string[] }>('select redirect_uris from oauth_clients where client_id = $1', [SAMPLE_CLIENT_ID])).rows[0]?.redirect_uris;
    expect((await app.request('/dev/oauth-client', { headers: { host: 'attacker.example:3000' } }, local)).status).toBe(421);
    expect(await uris()).toBeUndefined();
    for (const host of ['127.0.0.1:3000', 'dev.coffee.example:3000', 'localhost:3000']) expect((await app.request('/dev/oauth-client', { headers: { host } }, local)).status).toBe(200);
    const expected = ['http://dev.coffee.example:3000', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'].map((o) => `${o}/dev/oauth-client/callback`);
    expect(await uris()).toEqual(expected);
    // an in-process request without a Host header names nothing, and adds nothing either
    expect((await app.request('http://rebound.example:3000/dev/oauth-client', {}, local)).status).toBe(200);
    expect(await uris()).toEqual(expected);
  });

  it('behind a trusted proxy (TRUST_PROXY, X-Forwarded-For): the PUBLIC_ORIGIN host passes, another is refused, X-Forwarded-Host is never read', async () => {
    const app = appWith({ TRUST_PROXY: 'loopback', PUBLIC_ORIGIN: 'https://coffee.example' });
    const via = (host: string, extra: Record<string, string> = {}) => app.request('/apiproxy/v1/session', { headers: { host, 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', ...extra } }, local);
    expect((await via('coffee.example')).status).toBe(200);
    expect((await via('attacker.example')).status).toBe(421);
    expect((await via('attacker.example', { 'x-forwarded-host': 'coffee.example' })).status).toBe(421);
  });

  it('over a real socket on an ephemeral port: 127.0.0.1:<port> and localhost:<port> pass, a rebinding name on that port does not', async () => {
    const app = appWith();
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    const port = (server.address() as AddressInfo).port;
    const get = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/apiproxy/v1/dev/outbox', headers: { host } }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect((await get(`127.0.0.1:${port}`)).status).toBe(200);
      expect((await get(`localhost:${port}`)).status).toBe(200);
      const refused = await get(`rebind.attacker.example:${port}`);
      expect(refused.status).toBe(421);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'MISDIRECTED_REQUEST' });
      expect((await get('localhost:3000')).status).toBe(421);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
