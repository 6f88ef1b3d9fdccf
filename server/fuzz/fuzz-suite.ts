process.env.PASSWORD_HASH_LOG_N = '10'; // fast hashes in tests only

import { createHash } from 'node:crypto';
import type * as v from 'valibot';
import { expect, it } from 'vitest';
import { appFor, forEachDb, testConfig, type Backend } from '../test/db.ts';
import type { Db } from '../db/db.ts';
import { schemaObservers } from '../http/validate.ts';
import * as accountContracts from '../../contracts/account.ts';
import * as locationContracts from '../../contracts/locations.ts';
import * as sessionContracts from '../../contracts/session.ts';
import { upgradePinHashes } from '../cards/pin-hash.ts';

/**
 * Issue 6 "Done when": bad input for EVERY REST route and GraphQL operation, derived, never listed:
 * - REST targets are the Hono app's route table (app.routes), so later endpoints join by themselves;
 * - each route's contract is found by asking it: a first call records the valibot schema the route validates
 *   with (schemaObservers in server/http/validate.ts); routes that validate otherwise get every request contract;
 *   samples are built from the schema's structure and mutated field by field with the bad-value corpus;
 * - GraphQL operations come from the schema itself (introspection, on in the test profile): every Query and
 *   Mutation field with bad arguments, over GET and POST, plus malformed documents and variables.
 * Every request goes through app.request() in-process, in turn as a guest, signed in, signed in without the CSRF
 * header and with a wrong one. Required: at least 10,000 requests, no 5xx, every 4xx of the REST API in the error
 * shape { code, message }, and the demo data (users, cards, favorites) unchanged afterwards.
 */

// ----- the bad-value corpus ------------------------------------------------------------------------------------

const deep = (n: number): unknown => (n === 0 ? 'bottom' : { a: deep(n - 1) });
const deepArray = (n: number): unknown => (n === 0 ? [] : [deepArray(n - 1)]);
/** values put where a field goes (JSON bodies) */
const BAD_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, -0.0001, 2 ** 53 + 1, -(2 ** 31), 1e308, '', ' ', '\t\n', 'x', 'a'.repeat(5_000), 'a'.repeat(70_000),
  'a\u0000b', '\u0000', '\ud800', 'x\udfffy', '\ud83d\ude00', 'ｆｕｌｌ', 'e\u0301', '\u202eevil', '<script>alert(1)</script>', "' or 1=1--", '"; drop table users; --',
  '../../etc/passwd', '%00', '%ED%A0%80', '{{7*7}}', '${7*7}', 'javascript:alert(1)', '//evil.example', 'https://evil.example/x', 'NaN', 'Infinity', '-1', '1e999',
  '2026-02-30', '00000', '9'.repeat(40), [], [1, 2, 3], ['x'], Array.from({ length: 1000 }, (_, i) => i), {}, { a: 1 }, { $gt: '' }, deep(20), deep(40), deepArray(40),
];
/** raw JSON texts (numbers and keys JSON.stringify cannot produce) */
const RAW_FIELD_VALUES = ['5e-324', '-5e-324', '1e999', '-1e999', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '"\\ud800"', '"\\u0000"'];
/** whole bodies */
const RAW_BODIES: Array<string | Uint8Array<ArrayBuffer>> = [
  '', ' ', 'null', 'true', '0', '"text"', '[]', '{}', '{', '{"a":', '[[[[', '{"a":1,"a":2}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}',
  '["\\u0000"]', '{"\\u0000":1}', '{"x":"\\udc00"}', '[1e999]', '[5e-324]', '['.repeat(5_000) + ']'.repeat(5_000), '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
  'x'.repeat(64 * 1024 + 1), 'a=1&b=2', '<?xml version="1.0"?><a/>', new Uint8Array([0xff, 0xfe, 0x00, 0x7b]), new Uint8Array([0xc0, 0xaf]), new Uint8Array([0xed, 0xa0, 0x80]),
];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined];
/** path parameter values (already URL-encoded where needed) */
const PARAM_VALUES = ['abc', '10001-10101', '10001', '0', '-1', 'x'.repeat(300), '%00', 'a%00b', '%ED%A0%80', '%F0%9F%98%80', '__proto__', 'constructor', '..%2F..%2Fetc', '%27%20or%201%3D1', '%E0%A4', '9'.repeat(30)];
/** query string values (to be URL-encoded) and raw query strings */
const QUERY_VALUES = ['', 'x', '0', '-1', '1e999', '5e-324', `0.${'0'.repeat(323)}5`, '91', '-181', 'NaN', 'a'.repeat(5_000), 'a\u0000', '\ud800', "'", '<b>', '__proto__', '1,2,3', ',,,', 'true'];
const RAW_QUERIES = ['?%00=1', '?a=%00', '?a=%ED%A0%80', '?a=%', '?a=%zz', '?__proto__[x]=1', '?constructor=1&constructor=2', '?' + 'a=1&'.repeat(2_000), '?lat=1&lat=2&lng=1&lng=2'];

// ----- samples from valibot schemas ------------------------------------------------------------------------------

type AnySchema = v.GenericSchema & { type: string; entries?: Record<string, AnySchema>; wrapped?: AnySchema; item?: AnySchema; options?: unknown[]; literal?: unknown; enum?: Record<string, unknown> };

function sample(schema: AnySchema, depth = 0): unknown {
  if (depth > 6) return null;
  switch (schema.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return Object.fromEntries(Object.entries(schema.entries ?? {}).map(([k, s]) => [k, sample(s, depth + 1)]));
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'non_optional':
    case 'exact_optional':
      return sample(schema.wrapped!, depth + 1);
    case 'string':
      return 'x';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'literal':
      return schema.literal;
    case 'picklist':
      return schema.options?.[0];
    case 'enum':
      return Object.values(schema.enum ?? {})[0];
    case 'array':
      return [sample(schema.item!, depth + 1)];
    case 'union':
    case 'variant':
      return sample((schema.options as AnySchema[])[0]!, depth + 1);
    default:
      return null;
  }
}

/** Dotted paths of every field of an object sample (nested objects too). */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, inner]) => [[...prefix, k], ...fieldPaths(inner, [...prefix, k])]);
}

function withField(base: unknown, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[path[path.length - 1]!] = replacement;
  return copy;
}

/** Body variants of a contract: the sample, each field dropped or replaced by each bad value, plus raw JSON values. */
function bodiesFor(schema: AnySchema, stride = 1): string[] {
  const base = sample(schema);
  const out = [JSON.stringify(base)];
  if (!base || typeof base !== 'object') return out;
  for (const path of fieldPaths(base)) {
    out.push(JSON.stringify(withField(base, path, undefined)));
    BAD_VALUES.forEach((bad, i) => {
      if (i % stride === 0) out.push(JSON.stringify(withField(base, path, bad)));
    });
    const marker = '"__RAW__"';
    for (const raw of RAW_FIELD_VALUES) out.push(JSON.stringify(withField(base, path, '__RAW__')).replace(marker, raw));
  }
  out.push(JSON.stringify(base).replace(/^\{/, '{"__proto__":{"admin":true},'));
  return out;
}

function isSchema(x: unknown): x is AnySchema {
  return !!x && typeof x === 'object' && (x as { kind?: string }).kind === 'schema' && typeof (x as { type?: unknown }).type === 'string';
}
/** request-shaped contracts (objects), for routes that do not validate through server/http/validate.ts */
const REQUEST_CONTRACTS: AnySchema[] = Object.entries({ ...accountContracts, ...locationContracts, ...sessionContracts })
  .filter(([name, s]) => /(Request|Patch|Query)$/.test(name) && isSchema(s) && /object/.test(s.type))
  .map(([, s]) => s as AnySchema);

// ----- the run ---------------------------------------------------------------------------------------------------

/**
 * Every request must be answered (status and body) within REQUEST_LIMIT_MS (60 s; each takes milliseconds): a request
 * that is not fails the test at once, naming it, instead of leaving the file silent until the unit runner's watchdog
 * (a PGlite statement whose promise never settles; one that spins blocks the event loop, and the server workers' hang
 * guard, server/test/hang-guard.ts, ends that one after 90 s).
 */
const REQUEST_LIMIT_MS = Number(process.env.FUZZ_REQUEST_LIMIT_MS) || 60_000;

async function answeredWithin<T>(ms: number, what: string, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`[fuzz] no answer within ${ms} ms (a stalled database?): ${what}`)), ms);
  });
  try {
    return await Promise.race([fn(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

interface Target {
  method: string;
  path: string;
}

async function demoDigest(db: Db, exclude: string[]): Promise<string> {
  const h = createHash('sha256');
  for (const [table, sql] of [
    ['users', `select * from users where not (email = any($1::text[])) order by id`],
    ['stored_value_cards', `select c.* from stored_value_cards c join users u on u.id = c.user_id where not (u.email = any($1::text[])) order by 1`],
    ['physical_cards', `select * from physical_cards where $1::text[] is not null order by 1`],
    ['favorites', `select f.* from favorite_stores f join users u on u.id = f.user_id where not (u.email = any($1::text[])) order by 1, 2`],
  ] as const) {
    const rows = (await db.query(sql, [exclude]).catch(async (e: Error) => {
      if (/does not exist/.test(e.message)) return { rows: [{ missing: table }] };
      throw e;
    })).rows;
    h.update(table).update(JSON.stringify(rows));
  }
  return h.digest('hex');
}

/**
 * One file per database (fuzz.pglite.test.ts, fuzz.postgres.test.ts): the two runs are the longest tests of the
 * server project, and two files let vitest's two workers run them side by side instead of one after the other.
 */
export function fuzzSuite(only: Backend) {
forEachDb('fuzz: every REST route and GraphQL operation', ({ db }) => {
  it('at least 10,000 bad requests, no 5xx, errors in the API shape, demo data unchanged', async () => {
    const app = appFor(db(), testConfig());
    const fuzzEmail = `fuzz.${process.pid}.${Date.now()}@example.com`;
    let sent = 0;
    const failures: string[] = [];
    const statuses = new Map<number, number>();

    // a member of our own (its changes are not demo data), signed in through the dev SSO mint
    const jar = new Map<string, string>();
    // the CSRF token is bound to the session (server/http/csrf.ts): the guest's and the member's differ
    let guestCsrf = '';
    const cookieHeader = () => [...jar].map(([k, val]) => `${k}=${val}`).join('; ');
    async function raw(method: string, url: string, init: { body?: string | Uint8Array<ArrayBuffer>; contentType?: string; session: 'guest' | 'member' | 'member-no-csrf' | 'member-bad-csrf' }) {
      const headers: Record<string, string> = {};
      if (init.session !== 'guest') headers.cookie = cookieHeader();
      else if (guestCsrf) headers.cookie = `csrf=${guestCsrf}`;
      if (init.contentType) headers['content-type'] = init.contentType;
      if (method !== 'GET' && method !== 'HEAD') {
        if (init.session === 'member-bad-csrf') headers['x-csrf-token'] = 'A'.repeat(32);
        else if (init.session === 'guest' && guestCsrf) headers['x-csrf-token'] = guestCsrf;
        else if (init.session !== 'member-no-csrf' && init.session !== 'guest' && jar.get('csrf')) headers['x-csrf-token'] = jar.get('csrf')!;
      }
      const hasBody = init.body !== undefined && method !== 'GET' && method !== 'HEAD';
      const what = `${method} ${url.slice(0, 120)} [${init.session}, ${init.contentType ?? 'no type'}] ${typeof init.body === 'string' ? init.body.slice(0, 80) : init.body ? '<bytes>' : ''}`;
      const { res, text } = await answeredWithin(REQUEST_LIMIT_MS, what, async () => {
        const res = await app.request(`http://localhost${url}`, { method, headers, ...(hasBody ? { body: init.body } : {}) });
        // an event stream (SSE) never ends by itself: its status and headers are the answer; cancelling the body
        // unsubscribes it from the stream hub, as a browser closing the connection does
        if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
          await res.body?.cancel();
          return { res, text: '' };
        }
        return { res, text: await res.text() };
      });
      sent++;
      // a line now and then: the unit runner's watchdog (scripts/test-unit.ts) tells a slow run from a stuck one by output
      if (sent % 5_000 === 0) console.log(`[fuzz] ${db().kind}: ${sent} requests sent`);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (init.session !== 'guest') {
        for (const c of res.headers.getSetCookie()) {
          const [pair = ''] = c.split(';');
          const [k = '', ...rest] = pair.split('=');
          if (k.trim() === 'sid' && (!rest.join('=') || /max-age=0/i.test(c))) jar.delete('sid');
          if (k.trim() === 'csrf' && rest.join('=')) jar.set('csrf', rest.join('='));
        }
      }
      if (res.status >= 500) failures.push(`${res.status} ${what}: ${text.slice(0, 200)}`);
      else if (res.status >= 400 && url.startsWith('/apiproxy/') && !url.startsWith('/apiproxy/v1/graphql')) {
        let body: { code?: unknown; message?: unknown } | undefined;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        if (typeof body?.code !== 'string' || typeof body?.message !== 'string') failures.push(`${res.status} without { code, message }: ${what}: ${text.slice(0, 120)}`);
      }
      return { status: res.status, text };
    }
    async function ensureMember() {
      if (jar.get('sid')) {
        const s = await app.request('http://localhost/apiproxy/v1/session', { headers: { cookie: cookieHeader() } });
        if ((await s.json()).signedIn) return;
      }
      const boot = await app.request('http://localhost/apiproxy/v1/session');
      for (const c of boot.headers.getSetCookie()) if (c.startsWith('csrf=')) guestCsrf = c.split(';')[0]!.slice(5);
      const headers = { 'content-type': 'application/json', cookie: `csrf=${guestCsrf}`, 'x-csrf-token': guestCsrf };
      const minted = await app.request('http://localhost/apiproxy/v1/dev/sso-token', { method: 'POST', headers, body: JSON.stringify({ email: fuzzEmail }) });
      expect(minted.status, await minted.clone().text()).toBe(200);
      const { token } = (await minted.json()) as { token: string };
      // the link is bound to the browser that asked for it (server/auth/sso.ts): send its nonce cookie back
      const nonce = minted.headers.getSetCookie().find((c) => c.startsWith('hc_sso_nonce='))!.split(';')[0]!;
      const signed = await app.request(`http://localhost/apiproxy/v1/account/signin/sso/${token}`, { method: 'POST', headers: { ...headers, cookie: `${headers.cookie}; ${nonce}` }, body: '{}' });
      expect(signed.status).toBe(200);
      for (const c of signed.headers.getSetCookie()) if (c.startsWith('sid=')) jar.set('sid', c.split(';')[0]!.slice(4));
      // the answer carries a token bound to the new session
      for (const c of signed.headers.getSetCookie()) if (c.startsWith('csrf=')) jar.set('csrf', c.split(';')[0]!.slice(5));
    }

    // the fuzz member exists before the digest (created directly through the API)
    const bootstrap = await app.request('http://localhost/apiproxy/v1/session');
    const csrf0 = bootstrap.headers.getSetCookie().find((c) => c.startsWith('csrf='))!.split(';')[0]!.slice(5);
    const created = await app.request('http://localhost/apiproxy/v1/account/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrf=${csrf0}`, 'x-csrf-token': csrf0 },
      body: JSON.stringify({
        firstName: 'Fuzz', lastName: 'Member', emailAddress: fuzzEmail, password: 'Lantern-Harbor-93', termsAndConditions: true, cardRewards: 'digitalCard',
        receiveHarborEmailCommunications: false, receiveGeneralEmailCommunications: false, receivePersonalizedEmailCommunications: false,
        country: 'US', locale: 'en-US', registrationSource: 'Web', reputation: {},
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    // a server wraps stored PINs in their keyed hash at start (server/main.ts); do it here before the digest
    await upgradePinHashes(db());
    const before = await demoDigest(db(), [fuzzEmail]);
    await ensureMember();

    // ---- REST targets from the route table
    const targets: Target[] = [];
    const seen = new Set<string>();
    for (const r of app.routes) {
      if (r.method === 'ALL' || r.path.includes('*') || r.path === '/apiproxy/v1/graphql') continue;
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      targets.push({ method: r.method, path: r.path });
    }
    expect(targets.length).toBeGreaterThan(30);

    // ask each route which contract it validates with
    const contractOf = new Map<string, AnySchema[]>();
    for (const t of targets) {
      const found: AnySchema[] = [];
      const observe = (s: v.GenericSchema) => found.push(s as AnySchema);
      schemaObservers.add(observe);
      const url = t.path.replace(/:[A-Za-z]+/g, 'abc');
      for (const session of ['guest', 'member'] as const) await raw(t.method, url, { body: '{}', contentType: 'application/json', session });
      schemaObservers.delete(observe);
      await ensureMember();
      contractOf.set(`${t.method} ${t.path}`, [...new Set(found)].filter((s) => /object/.test(s.type) || s.type === 'object'));
    }

    const unobserved = targets.filter((t) => t.method !== 'GET' && !contractOf.get(`${t.method} ${t.path}`)!.length).map((t) => `${t.method} ${t.path}`);
    console.log(`[fuzz] routes validating outside validate.ts (given every request contract): ${unobserved.join(', ')}`);
    // mostly a member with a valid CSRF token (the requests that reach the handlers), in turn the three others
    const sessions = ['member', 'guest', 'member', 'member-no-csrf', 'member', 'member-bad-csrf'] as const;
    let turn = 0;
    const nextSession = () => sessions[turn++ % sessions.length]!;

    for (const t of targets) {
      const params = (t.path.match(/:[A-Za-z]+/g) ?? []).length;
      const urls = params ? PARAM_VALUES.map((p) => t.path.replace(/:[A-Za-z]+/g, p)) : [t.path];
      const contracts = contractOf.get(`${t.method} ${t.path}`)!;
      const isQuery = t.method === 'GET' || t.method === 'DELETE';
      if (isQuery) {
        const keys = new Set<string>(['q', 'limit', 'id']);
        for (const s of contracts) for (const k of Object.keys(s.entries ?? {})) keys.add(k);
        for (const url of urls) {
          await raw(t.method, url, { session: nextSession() });
          for (const rq of RAW_QUERIES) await raw(t.method, url + rq, { session: nextSession() });
        }
        for (const k of keys) {
          for (const val of QUERY_VALUES) {
            let q: string;
            try {
              q = `?${k}=${encodeURIComponent(val)}`;
            } catch {
              q = `?${k}=%ED%A0%80`; // a lone surrogate cannot be encoded: its invalid UTF-8 instead
            }
            await raw(t.method, urls[0]! + q, { session: nextSession() });
          }
        }
      }
      if (t.method !== 'GET') {
        const bodies: Array<string | Uint8Array<ArrayBuffer>> = [...RAW_BODIES];
        // a route's own contract in full; every request contract, thinned, where the route did not say
        if (contracts.length) for (const s of contracts) bodies.push(...bodiesFor(s));
        else for (const s of REQUEST_CONTRACTS) bodies.push(...bodiesFor(s, 6));
        for (const body of bodies) await raw(t.method, urls[turn % urls.length]!, { body, contentType: 'application/json', session: nextSession() });
        for (const url of urls) for (const ct of CONTENT_TYPES) await raw(t.method, url, { body: RAW_BODIES[turn % RAW_BODIES.length]!, contentType: ct, session: nextSession() });
      }
      await ensureMember();
    }

    // ---- GraphQL operations from the schema
    const intro = await app.request('http://localhost/apiproxy/v1/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrf=${guestCsrf}`, 'x-csrf-token': guestCsrf },
      body: JSON.stringify({ query: '{__schema{queryType{name} mutationType{name} types{name kind fields{name args{name} type{kind name ofType{kind name}}}}}}' }),
    });
    const schema = ((await intro.json()) as { data: { __schema: { queryType: { name: string }; mutationType: { name: string } | null; types: Array<{ name: string; fields: Array<{ name: string; args: Array<{ name: string }>; type: { kind: string; name: string | null; ofType: { kind: string; name: string | null } | null } }> | null }> } } }).data.__schema;
    const roots = [
      ['query', schema.queryType.name],
      ['mutation', schema.mutationType?.name],
    ] as const;
    const gqlLiterals = ['"x\\u0000"', '"\\ud800"', '1e999', '-1', '2147483648', '[]', '{a:1}', 'null', `"${'a'.repeat(5_000)}"`, 'true', '"__proto__"', '$v'];
    const gqlVariables: unknown[] = [{}, { v: 'a\u0000' }, { v: deep(40) }, { v: [] }, { __proto__: 1 }, { v: 'x'.repeat(70_000) }];
    const operations: string[] = [
      '', '{', '}', 'query', '{ __typename', 'query q($v: String) { __typename }', 'subscription { x }', '{ nonexistent }', 'fragment f on Query { ...f } { ...f }',
      `{${'__typename '.repeat(3_000)}}`, `{${'a:__typename '.repeat(100)}}`, `query ${'q'.repeat(10_000)} { __typename }`, '{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }',
    ];
    let fields = 0;
    for (const [kind, typeName] of roots) {
      if (!typeName) continue;
      const type = schema.types.find((x) => x.name === typeName)!;
      for (const f of type.fields ?? []) {
        fields++;
        const leaf = f.type.kind === 'SCALAR' || f.type.ofType?.kind === 'SCALAR' || f.type.kind === 'ENUM';
        const selection = leaf ? '' : ' { __typename }';
        operations.push(`${kind} { ${f.name}${selection} }`);
        for (const lit of gqlLiterals) {
          const args = (f.args.length ? f.args.map((a) => a.name) : ['unknownArg']).map((n) => `${n}: ${lit}`).join(', ');
          operations.push(`${kind} q($v: String) { ${f.name}(${args})${selection} }`);
        }
      }
    }
    expect(fields).toBeGreaterThanOrEqual(2);
    for (const query of operations) {
      for (const variables of gqlVariables) {
        await raw('POST', '/apiproxy/v1/graphql', { body: JSON.stringify({ query, variables }), contentType: 'application/json', session: nextSession() });
        const qs = new URLSearchParams({ query, variables: JSON.stringify(variables) }).toString();
        await raw('GET', `/apiproxy/v1/graphql?${qs}`, { session: nextSession() });
      }
      await raw('POST', '/apiproxy/v1/graphql', { body: query, contentType: 'application/graphql', session: nextSession() });
      await raw('GET', `/apiproxy/v1/graphql?query=${encodeURIComponent(query)}&variables=%7Bbad&extensions=%5B`, { session: nextSession() });
    }
    for (const body of RAW_BODIES) for (const ct of CONTENT_TYPES) await raw('POST', '/apiproxy/v1/graphql', { body, contentType: ct, session: nextSession() });

    const after = await demoDigest(db(), [fuzzEmail]);
    console.log(`[fuzz] ${sent} requests to ${targets.length} REST routes and ${fields} GraphQL root fields; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(after).toBe(before);
  }, 900_000);
}, [only]);
}
