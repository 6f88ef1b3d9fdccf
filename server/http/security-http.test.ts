import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
import { createApp } from '../app.ts';
import { loadServerSettings } from '../config.ts';
import { clientMiddleware, parseTrustProxy, type ClientInfo } from './client.ts';
import { createGraphql, GRAPHQL_LIMITS } from '../graphql/schema.ts';
import { inlineSource } from './headers.ts';
import { KEPT_STORE_SCRIPT } from '../../contracts/kept-store.ts';
import { pageShells, shellRootHtml } from '../../src/views/shell/page-shells.ts';
import { chromeOfRoute, routeIdsOf } from '../../scripts/page-shells-build.ts';

/**
 * Platform hardening of issue 6 (docs/security.md): body limit while streaming, TRUST_PROXY, Secure `__Host-`
 * cookies and HSTS, security headers, input that used to answer 5xx, GraphQL limits, introspection, CORS.
 */
const MB = 1024 * 1024;

/** A body of `total` bytes produced on demand; `pulled()` tells how much the server actually read. */
function streamedBody(total: number, chunk = 64 * 1024) {
  let sent = 0;
  const piece = new Uint8Array(chunk).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
  });
  return { stream, pulled: () => sent };
}

const viaSocket = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

describe('TRUST_PROXY parsing and client resolution', () => {
  const probe = (trust: string | undefined) => {
    const app = new Hono();
    app.use('*', clientMiddleware(parseTrustProxy(trust)));
    app.get('/who', (c) => c.json(c.get('client' as never) as ClientInfo));
    return async (ip: string, headers: Record<string, string> = {}) => (await app.request('http://shop.example/who', { headers }, viaSocket(ip))).json() as Promise<ClientInfo>;
  };

  it('accepts addresses, CIDR ranges and loopback; refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy('')).toBeNull();
    const list = parseTrustProxy('127.0.0.1, 10.0.0.0/8, fd00::/8')!;
    expect(list.check('10.20.30.40', 'ipv4')).toBe(true);
    expect(list.check('11.0.0.1', 'ipv4')).toBe(false);
    expect(list.check('fd00::5', 'ipv6')).toBe(true);
    for (const bad of ['*', 'proxy.local', '10.0.0.0/33', '10.0.0.0/8/1', '1.2.3']) expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });

  it('honours X-Forwarded-For/-Proto only from a configured proxy', async () => {
    const untrusted = probe(undefined);
    const spoof = { 'x-forwarded-for': '198.51.100.9', 'x-forwarded-proto': 'https' };
    expect(await untrusted('203.0.113.5', spoof)).toMatchObject({ ip: '203.0.113.5', secure: false, loopback: false, origin: 'http://shop.example' });

    const trusted = probe('10.0.0.0/8');
    expect(await trusted('10.1.2.3', spoof)).toMatchObject({ ip: '198.51.100.9', secure: true, origin: 'https://shop.example' });
    // a client forging hops: the right-most untrusted address wins
    expect((await trusted('10.1.2.3', { 'x-forwarded-for': '127.0.0.1, 192.0.2.1, 10.9.9.9' })).ip).toBe('192.0.2.1');
    // a peer outside the list is the client, whatever it says
    expect(await trusted('192.0.2.77', spoof)).toMatchObject({ ip: '192.0.2.77', secure: false });
    // IPv4-mapped IPv6 peers match IPv4 ranges
    expect((await probe('127.0.0.1')('::ffff:127.0.0.1', spoof)).ip).toBe('198.51.100.9');
  });
});

forEachDb('platform security', ({ db }) => {
  describe('request body limit, enforced while the body streams in', () => {
    const targets: Array<[string, string]> = [
      ['POST', '/apiproxy/v1/account/signin'],
      ['POST', '/apiproxy/v1/graphql'],
      ['POST', '/apiproxy/v1/locations/nearest-location'],
      ['PUT', '/apiproxy/v1/no-such-endpoint'],
    ];
    for (const [method, path] of targets) {
      it(`a streamed 100 MB body to ${method} ${path} gets 413 after reading little more than the limit`, async () => {
        const app = appFor(db());
        const body = streamedBody(100 * MB);
        const res = await app.request(`http://localhost${path}`, { method, body: body.stream, duplex: 'half', headers: { 'content-type': 'application/json' } } as RequestInit);
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large (at most 64 KB).' });
        expect(body.pulled()).toBeLessThan(1 * MB);
      });
    }

    it('a declared Content-Length over the limit is refused before reading', async () => {
      const app = appFor(db());
      const body = streamedBody(100 * MB);
      const res = await app.request('http://localhost/apiproxy/v1/account/signin', { method: 'POST', body: body.stream, duplex: 'half', headers: { 'content-type': 'application/json', 'content-length': String(100 * MB) } } as RequestInit);
      expect(res.status).toBe(413);
      expect(body.pulled()).toBeLessThanOrEqual(64 * 1024 * 2);
    });

    it('a body at the limit still reaches the route (and invalid UTF-8 is a 400)', async () => {
      const c = testClient(appFor(db()));
      const padded = JSON.stringify({ username: 'demo@example.com', password: 'x', pad: 'y'.repeat(60 * 1024) });
      expect(padded.length).toBeLessThan(64 * 1024);
      expect((await c.post('/apiproxy/v1/account/signin', padded)).status).toBe(401); // the route answers: wrong password
      const app = appFor(db());
      const res = await app.request('http://localhost/apiproxy/v1/locations/nearest-location', { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
    });
  });

  describe('TRUST_PROXY, Secure __Host- cookies and HSTS', () => {
    const behindProxy = () => createApp({ db: db(), config: testConfig(), server: { ...loadServerSettings({}), trustProxy: '127.0.0.1' } });
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.20' };

    it('under https (through the trusted proxy) cookies are Secure with the __Host- prefix, and HSTS is sent', async () => {
      const app = behindProxy();
      const res = await app.request('http://shop.example/apiproxy/v1/session', { headers: https }, viaSocket('127.0.0.1'));
      const cookies = res.headers.getSetCookie();
      const csrf = cookies.find((c) => c.startsWith('__Host-csrf='));
      expect(csrf).toBeDefined();
      expect(csrf).toMatch(/; Secure/);
      expect(csrf).toMatch(/; Path=\//);
      expect(csrf).not.toMatch(/Domain=/i);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');

      // sign in (an SSO token minted on this machine, used through the proxy: no slow password hash):
      // the session cookie is __Host-sid, Secure, HttpOnly; it is then recognised
      const token = csrf!.split(';')[0]!.split('=')[1]!;
      const local = await app.request('http://localhost/apiproxy/v1/session', {}, viaSocket('127.0.0.1'));
      const localCsrf = local.headers.getSetCookie().find((c) => c.startsWith('csrf='))!.split(';')[0]!.slice(5);
      const minted = await app.request(
        'http://localhost/apiproxy/v1/dev/sso-token',
        { method: 'POST', headers: { 'content-type': 'application/json', cookie: `csrf=${localCsrf}`, 'x-csrf-token': localCsrf }, body: JSON.stringify({ email: 'demo@example.com' }) },
        viaSocket('127.0.0.1'),
      );
      expect(minted.status).toBe(200);
      // the link is bound to the browser that asked for it (server/auth/sso.ts): send its nonce cookie back
      const ssoNonce = minted.headers.getSetCookie().find((c) => c.startsWith('hc_sso_nonce='))!.split(';')[0]!;
      const signin = await app.request(
        `http://shop.example/apiproxy/v1/account/signin/sso/${(await minted.json()).token}`,
        {
          method: 'POST',
          headers: { ...https, 'content-type': 'application/json', cookie: `__Host-csrf=${token}; ${ssoNonce}`, 'x-csrf-token': token, origin: 'https://shop.example' },
          body: '{}',
        },
        viaSocket('127.0.0.1'),
      );
      expect(signin.status).toBe(200);
      const sid = signin.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='));
      expect(sid).toMatch(/; HttpOnly/);
      expect(sid).toMatch(/; Secure/);
      const session = await app.request('http://shop.example/apiproxy/v1/session', { headers: { ...https, cookie: sid!.split(';')[0]! } }, viaSocket('127.0.0.1'));
      expect((await session.json()).signedIn).toBe(true);
      // the same cookie sent over plain http is not the session (different name), and http never gets HSTS
      const plain = await app.request('http://shop.example/apiproxy/v1/session', { headers: { cookie: sid!.split(';')[0]! } }, viaSocket('127.0.0.1'));
      expect((await plain.json()).signedIn).toBe(false);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    }, 120_000);

    it('the Origin check uses the scheme the browser used (https through the proxy)', async () => {
      const app = behindProxy();
      const first = await app.request('http://shop.example/apiproxy/v1/session', { headers: https }, viaSocket('127.0.0.1'));
      const token = first.headers.getSetCookie().find((c) => c.startsWith('__Host-csrf='))!.split(';')[0]!.split('=')[1]!;
      const post = (origin: string) =>
        app.request('http://shop.example/apiproxy/v1/account/signout', { method: 'POST', headers: { ...https, 'content-type': 'application/json', cookie: `__Host-csrf=${token}`, 'x-csrf-token': token, origin }, body: '{}' }, viaSocket('127.0.0.1'));
      expect((await post('https://shop.example')).status).toBe(200);
      expect((await post('http://shop.example')).status).toBe(403);
      expect((await post('https://evil.example')).status).toBe(403);
    });

    it('X-Forwarded-Proto from anyone else changes nothing: plain cookies, no HSTS', async () => {
      for (const app of [appFor(db()), behindProxy()]) {
        const res = await app.request('http://shop.example/apiproxy/v1/session', { headers: https }, viaSocket('203.0.113.50'));
        const cookies = res.headers.getSetCookie();
        expect(cookies.some((c) => c.startsWith('csrf=') && !/Secure/.test(c))).toBe(true);
        expect(cookies.some((c) => c.startsWith('__Host-'))).toBe(false);
        expect(res.headers.get('strict-transport-security')).toBeNull();
      }
    });
  });

  describe('security headers', () => {
    it('every response carries a strict CSP, Permissions-Policy, COOP, nosniff and Referrer-Policy', async () => {
      const c = testClient(appFor(db()));
      for (const path of ['/apiproxy/v1/config', '/apiproxy/v1/no-such-endpoint', '/healthz']) {
        const h = (await c.get(path)).headers;
        const csp = h.get('content-security-policy') ?? '';
        for (const directive of ["default-src 'self'", "script-src 'self'", "script-src-attr 'none'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "worker-src 'self' blob:", "img-src 'self' data: blob:"]) {
          expect(csp, `${path}: ${directive}`).toContain(directive);
        }
        expect(csp).not.toContain('unsafe-inline');
        expect(csp).not.toContain('unsafe-eval');
        expect(h.get('permissions-policy')).toContain('geolocation=(self)');
        expect(h.get('permissions-policy')).toContain('camera=()');
        expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
        expect(h.get('x-content-type-options')).toBe('nosniff');
        expect(h.get('referrer-policy')).toBe('same-origin');
      }
    });

    it("allows the prerendered pages' inline scripts by their hashes, and no other inline script", async () => {
      const csp = (await testClient(appFor(db())).get('/menu')).headers.get('content-security-policy')!;
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
      const inline = new Set<string>();
      for (const shell of pageShells(routeIdsOf('src/routes'), (id) => chromeOfRoute('src/routes', id))) {
        for (const js of shell.headScripts ?? []) inline.add(js);
        expect(shellRootHtml(shell)).not.toContain('<script');
      }
      // /menu's kept-store script: without it the test would pass with no inline script at all
      expect([...inline]).toEqual([KEPT_STORE_SCRIPT]);
      expect(scriptSrc).toBe(`script-src 'self' ${[...inline].map(inlineSource).join(' ')}`);
      // the hash is the standard one (sha256 of the exact text, base64): a browser computes the same
      expect(inlineSource('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    });

    it('a Mapbox configuration adds the Mapbox API origins, nothing wider', async () => {
      const c = testClient(appFor(db(), testConfig({ map: { mapboxToken: 'pk.test', mapboxStyle: 'mapbox://styles/x/y' } })));
      const csp = (await c.get('/apiproxy/v1/config')).headers.get('content-security-policy')!;
      expect(csp).toContain("connect-src 'self' https://api.mapbox.com https://events.mapbox.com");
      expect(csp).not.toMatch(/\*|https:(?!\/\/)/);
    });
  });

  describe('input that used to answer 5xx: a 400 naming the field', () => {
    const cases: Array<[string, string, string, unknown, string]> = [
      ['NUL in reputation (sign-in)', 'POST', '/apiproxy/v1/account/signin', { username: 'demo@example.com', password: 'x', reputation: { deviceId: 'a\u0000b' } }, 'reputation.deviceId'],
      ['NUL in a reputation key (sign-in)', 'POST', '/apiproxy/v1/account/signin', { username: 'demo@example.com', password: 'x', reputation: { 'a\u0000': 1 } }, 'reputation.a\uFFFD'],
      ['NUL in reputation (SSO)', 'POST', '/apiproxy/v1/account/signin/sso/abc', { reputation: { deviceId: '\u0000' } }, 'reputation.deviceId'],
      ['NUL in the username', 'POST', '/apiproxy/v1/account/signin', { username: 'demo\u0000@example.com', password: 'x' }, 'username'],
      ['a lone surrogate in the username', 'POST', '/apiproxy/v1/account/signin', '{"username":"\\ud800@example.com","password":"x"}', 'username'],
      ['a __proto__ key', 'POST', '/apiproxy/v1/account/signin', '{"username":"a@example.com","password":"x","reputation":{"__proto__":{"risk":"high"}}}', 'reputation.__proto__'],
      ['a constructor key', 'POST', '/apiproxy/v1/locations/nearest-location', '{"lat":1,"lng":1,"constructor":{"prototype":1}}', 'constructor'],
      ['a 5e-324 coordinate (body)', 'POST', '/apiproxy/v1/locations/nearest-location', '{"lat":5e-324,"lng":0}', 'lat'],
      ['an Infinity coordinate (1e999)', 'POST', '/apiproxy/v1/locations/nearest-location', '{"lat":1e999,"lng":0}', 'lat'],
      ['a 5e-324 coordinate (query)', 'GET', `/apiproxy/v1/locations?lat=0.${'0'.repeat(323)}5&lng=0`, undefined, 'lat'],
      ['NUL in the outbox recipient filter', 'GET', '/apiproxy/v1/dev/outbox?recipient=%00', undefined, 'recipient'],
      ['NUL in the outbox kind filter', 'GET', '/apiproxy/v1/dev/outbox?kind=a%00', undefined, 'kind'],
      ['NUL in a path parameter', 'POST', '/apiproxy/v1/account/signin/sso/%00', {}, 'url'],
      ['invalid UTF-8 in the query', 'GET', '/apiproxy/v1/places/autocomplete?q=%ED%A0%80', undefined, 'q'],
      ['invalid percent-encoding in a parameter name', 'GET', '/apiproxy/v1/places/autocomplete?%zz=1', undefined, 'url'],
      ['nesting deeper than 32 levels', 'POST', '/apiproxy/v1/account/signin', `{"username":"a@example.com","password":"x","reputation":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`, 'reputation.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a'],
    ];
    for (const [what, method, path, body, field] of cases) {
      it(what, async () => {
        const c = testClient(appFor(db()));
        const res = method === 'GET' ? await c.get(path) : await c.post(path, body);
        expect(res.status, res.text).toBe(400);
        expect(res.json).toMatchObject({ code: 'BAD_REQUEST', field });
      });
    }

    it('account creation with NUL in reputation stores nothing', async () => {
      const c = testClient(appFor(db()));
      const before = (await db().query<{ n: string }>('select count(*)::text as n from users')).rows[0]!.n;
      const email = `nul.${Date.now()}@example.com`;
      const res = await c.post('/apiproxy/v1/account/create', {
        firstName: 'Nul', lastName: 'Byte', emailAddress: email, password: 'Lantern-Harbor-93', termsAndConditions: true, cardRewards: 'digitalCard',
        receiveHarborEmailCommunications: false, receiveGeneralEmailCommunications: false, receivePersonalizedEmailCommunications: false,
        country: 'US', locale: 'en-US', registrationSource: 'Web', reputation: { deviceId: 'x\u0000' },
      });
      expect(res.status).toBe(400);
      expect(res.json.field).toBe('reputation.deviceId');
      expect((await db().query<{ n: string }>('select count(*)::text as n from users')).rows[0]!.n).toBe(before);
    });
  });

  describe('GraphQL', () => {
    const q = (query: string, extra = '') => `/apiproxy/v1/graphql?query=${encodeURIComponent(query)}${extra}`;

    it('malformed variables or extensions on GET are a 400', async () => {
      const c = testClient(appFor(db()));
      for (const extra of ['&variables=%7Bbad', '&extensions=%7Bbad', '&variables=%5B1%5D', '&extensions=1', '&variables=%7B%22a%22%3A%22%5Cu0000%22%7D']) {
        const res = await c.get(q('{viewer{signedIn}}', extra));
        expect(res.status, extra).toBe(400);
        expect(res.json.errors[0].message, extra).toMatch(/variables|extensions/);
      }
      expect((await c.get(q('{viewer{signedIn}}', '&variables=%7B%7D'))).json).toEqual({ data: { viewer: { signedIn: false } } });
    });

    it('a 5,000-level nested query and 50,000 aliases are refused by the token limit before parsing them', async () => {
      const c = testClient(appFor(db()));
      const deep = `{${'viewer{'.repeat(5000)}signedIn${'}'.repeat(5001)}`;
      const nested = await c.post('/apiproxy/v1/graphql', { query: deep });
      expect(nested.status).toBeLessThan(500);
      expect(nested.json.errors[0].message).toBe(`Syntax Error: Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`);
      const aliases = `{${Array.from({ length: 50_000 }, (_, i) => `a${i}:viewer{signedIn}`).join(' ')}}`;
      const viaGet = await c.get(q(aliases));
      expect(viaGet.status).toBeLessThan(500);
      expect(viaGet.json.errors[0].message).toBe(`Syntax Error: Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`);
      expect(viaGet.json.data).toBeUndefined();
      // POSTed, the same document is over the body limit
      expect((await c.post('/apiproxy/v1/graphql', { query: aliases })).status).toBe(413);
    });

    it('the alias limit applies below the token limit', async () => {
      const c = testClient(appFor(db()));
      const many = `{${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}:viewer{signedIn}`).join(' ')}}`;
      expect((await c.post('/apiproxy/v1/graphql', { query: many })).json.errors[0].message).toMatch(/Aliases limit of 15 exceeded/);
      const fine = `{${Array.from({ length: GRAPHQL_LIMITS.maxAliases }, (_, i) => `a${i}:viewer{signedIn}`).join(' ')}}`;
      expect((await c.post('/apiproxy/v1/graphql', { query: fine })).json.data.a0).toEqual({ signedIn: false });
    });

    describe('depth and cost limits (on a recursive test type, with the real limits of createGraphql)', () => {
      const recursive = {
        typeDefs: 'type Node { a: Node, b: Node, c: Node, n: Int } extend type Query { node: Node }',
        resolvers: { Query: { node: () => ({}) }, Node: { a: () => ({}), b: () => ({}), c: () => ({}), n: () => 1 } },
      };
      const yoga = createGraphql([recursive], { production: true });
      const run = async (query: string) => {
        const res = await yoga.fetch('http://localhost/apiproxy/v1/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }, { deps: {} as never, session: null });
        return { status: res.status, json: (await res.json()) as { data?: unknown; errors?: { message: string }[] } };
      };
      const chain = (links: number) => `{node{${'a{'.repeat(links)}n${'}'.repeat(links)}}}`;
      const wide = (levels: number): string => (levels === 0 ? 'n' : ['a', 'b', 'c'].map((f) => `${f}{${wide(levels - 1)}}`).join(' '));

      it(`a query ${GRAPHQL_LIMITS.maxDepth} levels deep runs; one level more is refused without running`, async () => {
        const ok = await run(chain(GRAPHQL_LIMITS.maxDepth - 2));
        expect(ok.json.errors).toBeUndefined();
        expect(JSON.stringify(ok.json.data)).toContain('"n":1');
        const deep = await run(chain(GRAPHQL_LIMITS.maxDepth - 1));
        expect(deep.status).toBeLessThan(500);
        expect(deep.json.data).toBeUndefined();
        expect(deep.json.errors![0]!.message).toBe(`Syntax Error: Query depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded, found ${GRAPHQL_LIMITS.maxDepth + 1}.`);
      });

      it(`a wide query under the depth, alias and token limits is refused by the cost limit (${GRAPHQL_LIMITS.maxCost})`, async () => {
        expect((await run(`{node{${wide(4)}}}`)).json.errors).toBeUndefined();
        const costly = await run(`{node{${wide(5)}}}`);
        expect(costly.status).toBeLessThan(500);
        expect(costly.json.data).toBeUndefined();
        expect(costly.json.errors![0]!.message).toMatch(new RegExp(`^Syntax Error: Query Cost limit of ${GRAPHQL_LIMITS.maxCost} exceeded, found \\d`));
      });
    });

    it('production has no introspection and no GraphiQL; test and development keep both', async () => {
      const prod = testClient(appFor(db(), testConfig({ env: 'production', devTools: false })));
      const intro = await prod.post('/apiproxy/v1/graphql', { query: '{__schema{types{name}}}' });
      expect(intro.json.data).toBeUndefined();
      expect(intro.json.errors[0].message).toMatch(/introspection has been disabled/);
      const page = await prod.get('/apiproxy/v1/graphql', { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
      expect(page.text).not.toContain('GraphiQL');

      const dev = testClient(appFor(db()));
      expect((await dev.post('/apiproxy/v1/graphql', { query: '{__schema{queryType{name}}}' })).json.data.__schema.queryType.name).toBe('Query');
      expect((await dev.get('/apiproxy/v1/graphql', { headers: { accept: 'text/html' } })).text).toContain('GraphiQL');
    });

    it('CORS: no Access-Control headers for another origin, not even on a preflight', async () => {
      const app = appFor(db());
      const get = await app.request(`http://localhost${q('{viewer{signedIn}}')}`, { headers: { origin: 'https://evil.example', cookie: 'sid=x' } });
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
      expect(get.headers.get('access-control-allow-credentials')).toBeNull();
      const preflight = await app.request('http://localhost/apiproxy/v1/graphql', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.status).toBeLessThan(500);
    });
  });
});
