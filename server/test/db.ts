/**
 * Test databases cloned from the seeded templates built in global-setup.ts.
 * `forEachDb` runs a suite once on PGlite and once on PostgreSQL (when reachable):
 *
 *   forEachDb('locations', (getDb) => { it('...', async () => { const db = getDb(); ... }) })
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../db/db.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppConfig } from '../../contracts/config.ts';
import { parseJsonOrUndefined } from '../../contracts/json.ts';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Backend = 'pglite' | 'postgres';

export function backends(): Backend[] {
  return inject('pgTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDb(backend: Backend): Promise<Db> {
  if (backend === 'pglite') {
    const buf = await readFile(inject('pgliteTemplate'));
    return openPglite(undefined, new Blob([new Uint8Array(buf)]));
  }
  const template = inject('pgTemplate');
  if (!template) throw new Error('PostgreSQL template missing');
  const name = `coffee_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  // prepared statements on (DATABASE_PREPARED_STATEMENTS=on), so that the suites run them on PostgreSQL too
  const db = await openPostgres(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), undefined, { prepared: true });
  const close = db.close.bind(db);
  return Object.assign(db, {
    async close() {
      await close();
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name}`);
      await a.end();
    },
  });
}

/**
 * Runs `suite` once per reachable backend with a fresh cloned database for the whole describe block; `only` limits
 * it to some backends (a file per database for the longest suites, so that two workers run them side by side).
 */
export function forEachDb(name: string, suite: (ctx: { db: () => Db; backend: Backend }) => void, only?: Backend[]) {
  const chosen = backends().filter((b) => !only || only.includes(b));
  if (chosen.length === 0) it.skip(`${name}: ${only?.join(', ')} not reachable`, () => {});
  for (const backend of chosen) {
    describe(`${name} [${backend}]`, () => {
      let db: Db | undefined;
      beforeAll(async () => {
        db = await openTestDb(backend);
      });
      afterAll(async () => {
        await db?.close();
      });
      suite({
        db: () => {
          if (!db) throw new Error('db not open yet');
          return db;
        },
        backend,
      });
    });
  }
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({ APP_ENV: 'test' }), ...overrides };
}

/**
 * A tiny cookie-keeping client over app.request(): carries cookies between calls and sends the
 * CSRF header on state-changing requests, as the browser app does.
 */
export function testClient(app: ReturnType<typeof createApp>, origin = 'http://localhost') {
  const jar = new Map<string, string>();
  async function call(method: string, path: string, body?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    if (method !== 'GET' && !jar.has('csrf')) await call('GET', '/apiproxy/v1/session');
    const headers: Record<string, string> = { ...opts.headers };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && opts.csrf !== false && jar.get('csrf')) headers['x-csrf-token'] = jar.get('csrf')!;
    const res = await app.request(origin + path, { method, headers, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!k) continue;
      if (!value || /max-age=0/i.test(c)) jar.delete(k.trim());
      else jar.set(k.trim(), value);
    }
    const text = await res.text();
    const json = parseJsonOrUndefined(text);
    return { status: res.status, json: json as any, text, headers: res.headers }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  return {
    jar,
    get: (p: string, o?: { headers?: Record<string, string> }) => call('GET', p, undefined, o),
    post: (p: string, b?: unknown, o?: { csrf?: boolean; headers?: Record<string, string> }) => call('POST', p, b ?? {}, o),
    put: (p: string, b?: unknown, o?: { csrf?: boolean }) => call('PUT', p, b ?? {}, o),
    patch: (p: string, b?: unknown, o?: { csrf?: boolean }) => call('PATCH', p, b ?? {}, o),
    del: (p: string, o?: { csrf?: boolean }) => call('DELETE', p, undefined, o),
  };
}

export function appFor(db: Db, config: AppConfig = testConfig()) {
  return createApp({ db, config });
}

/** Polls `check` every 25 ms until it holds (true) or `ms` passes (false): for effects that arrive by NOTIFY. */
export async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<boolean> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

/** A second pool on the PostgreSQL database of `db`, as another server process on the same database opens it. */
export async function anotherProcess(db: Db, maxConnections = 2): Promise<Db> {
  const name = (await db.query<{ d: string }>('select current_database() as d')).rows[0]!.d;
  return openPostgres(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), maxConnections);
}
