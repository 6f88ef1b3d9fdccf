/**
 * Helpers for `npm run test:ops` (scripts/ops/*.ops.ts): real server processes (node --import tsx server/main.ts)
 * on temporary PGlite folders or fresh PostgreSQL databases, and HTTP clients that keep cookies and send the
 * CSRF header as the browser app does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Rounds of the repeated scenarios (concurrent starts, kill -9); 20 unless OPS_ROUNDS says otherwise. */
export const ROUNDS = Number(process.env.OPS_ROUNDS ?? 20);
export const SEED_STORE_COUNT = '20';

export const pgUrl = (name: string) => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

export async function pgReachable(): Promise<boolean> {
  if (process.env.TEST_PG === 'off') return false;
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let dbCounter = 0;
/** A new empty database (or a copy of `template`); its URL and a drop function. */
export async function newPgDatabase(template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `coffee_ops_${process.pid}_${Date.now().toString(36)}_${dbCounter++}`;
  await admin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    name,
    url: pgUrl(name),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Runs queries on a PostgreSQL database with a short-lived client. */
export async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function tempDir(prefix = 'harbor-ops-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export async function copyDir(from: string, to: string) {
  await cp(from, to, { recursive: true });
}

export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  output: () => string;
  /** resolves with the exit code (or signal name) and the ms since `since` */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** The environment every test server gets: small seed, fast password hashing, loopback only. */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_STORE_COUNT,
    PASSWORD_HASH_LOG_N: '12',
    TRUST_PROXY: 'true',
    DIST_DIR: path.join(tmpdir(), 'harbor-ops-no-dist'),
    ...extra,
  };
  delete env.DATABASE_URL;
  if (extra.DATABASE_URL) env.DATABASE_URL = extra.DATABASE_URL;
  return env;
}

/** Spawns a server; `ready` resolves with its port once it prints its ready line (rejects if it exits first). */
export function spawnServer(env: Record<string, string>): { proc: ChildProcess; ready: Promise<ServerProcess>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const output = () => out;
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const ready = new Promise<ServerProcess>((resolve, reject) => {
    const onData = () => {
      const m = /\[server\] ready in \d+ ms: http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolve({ child, pid: child.pid!, port: Number(m[1]), output, exited });
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before ready:\n${out}`)));
  });
  ready.catch(() => undefined);
  return { proc: child, ready, output };
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return spawnServer(env).ready;
}

export async function stopServer(s: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return s.exited;
  s.child.kill(signal);
  return s.exited;
}

// ---- HTTP ---------------------------------------------------------------------------------------------------------

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP request with node:http (an agent decides keep-alive). Rejects on connection errors. */
export function request(port: number, method: string, urlPath: string, opts: { body?: unknown; headers?: Record<string, string>; agent?: http.Agent } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: opts.agent ?? false,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}), ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          let json: unknown;
          try {
            json = body ? JSON.parse(body) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** A member's browser: a cookie jar, the CSRF header on mutations, its own client IP (X-Forwarded-For). */
export class Client {
  readonly jar = new Map<string, string>();
  constructor(
    public port: number,
    readonly ip: string,
  ) {}

  async call(method: string, urlPath: string, body?: unknown): Promise<Reply> {
    if (method !== 'GET' && !this.jar.has('csrf')) await this.call('GET', '/apiproxy/v1/session');
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = this.jar.get('csrf') ?? '';
    const res = await request(this.port, method, urlPath, { body, headers });
    for (const c of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      const [pair] = c.split(';');
      const [k, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!k) continue;
      if (!value || /max-age=0/i.test(c)) this.jar.delete(k.trim());
      else this.jar.set(k.trim(), value);
    }
    return res;
  }
}

let ipCounter = 1;
export const nextIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- prepared databases (migrated and seeded once, then copied) ----------------------------------------------------

const PREPARED_DIR = path.resolve('.cache/ops');

/** A PGlite data folder migrated and seeded once per source version (.cache/ops/), copied to a new temp folder. */
export async function preparedPgliteDir(): Promise<string> {
  const { sourceHash } = await import('../../server/test/global-setup.ts');
  const { existsSync } = await import('node:fs');
  const { mkdir, rename } = await import('node:fs/promises');
  const ready = path.join(PREPARED_DIR, `pglite-${await sourceHash()}-${SEED_STORE_COUNT}`);
  if (!existsSync(ready)) {
    await mkdir(PREPARED_DIR, { recursive: true });
    const building = `${ready}.building-${process.pid}`;
    const s = await startServer({ DATA_DIR: building });
    const exit = await stopServer(s);
    if (exit.code !== 0) throw new Error(`preparing ${building} failed:\n${s.output()}`);
    await rename(building, ready).catch(() => removeDir(building));
  }
  const dir = path.join(await tempDir(), 'data');
  await copyDir(ready, dir);
  return dir;
}

/** A migrated and seeded PostgreSQL database to use as a template (drop it at the end). */
export async function preparedPgTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const db = await newPgDatabase();
  const s = await startServer({ DATABASE_URL: db.url });
  const exit = await stopServer(s);
  if (exit.code !== 0) throw new Error(`preparing ${db.name} failed:\n${s.output()}`);
  return db;
}
