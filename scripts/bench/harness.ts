/**
 * The API bench harness shared by `npm run bench:cards` and `npm run bench:order`: a child process serving the
 * real app over a fresh database, a cookie-and-CSRF client, a seeded member with a card and a saved credit card,
 * and a closed-loop load generator whose figures are printed as ratios against GET /healthz measured in the same
 * run on the same server (never absolute timings).
 */
import { fork } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { openPglite, openPostgres } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/db/seed/seed.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { startGiftWorker } from '../../server/gifting/worker.ts';

export const CHILD_FLAG = '--child';

/**
 * In the child: migrate and seed a fresh in-memory PGlite (or BENCH_DATABASE_URL, a PostgreSQL database) with
 * `storeCount` stores, serve the real app on a free port of 127.0.0.1 and tell the parent the port.
 */
export async function serveBenchChild(storeCount = 20, opts: { giftWorker?: boolean; port?: number; onMessage?: (m: unknown) => boolean } = {}): Promise<void> {
  process.env.PASSWORD_HASH_LOG_N = '12';
  const db = process.env.BENCH_DATABASE_URL ? await openPostgres(process.env.BENCH_DATABASE_URL) : await openPglite(undefined);
  await migrate(db);
  await seedIfEmpty(db, { storeCount });
  const app = createApp({ db, config: loadConfig({ APP_ENV: 'development', GIFT_STATUS_DELAY_MS: process.env.GIFT_STATUS_DELAY_MS }) });
  // bench:gift: the gift worker fulfils in this process and reports each fulfilled purchase to the parent
  let fulfilled = 0;
  const worker = opts.giftWorker ? startGiftWorker(db, { pollMs: 200, onFulfilled: () => process.send!({ fulfilled: ++fulfilled }) }) : null;
  const server = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: '127.0.0.1' }, (info: AddressInfo) => process.send!({ port: info.port, db: db.kind }));
  // a message the bench handles itself (bench:status: memory readings) does not stop the child; any other does
  process.on('message', (m) => {
    if (opts.onMessage?.(m)) return;
    (server as Server).closeAllConnections?.(); // open event streams would hold close() forever
    server.close(() => void (worker?.stop() ?? Promise.resolve()).then(() => process.exit(0)));
  });
}

export interface BenchServer {
  base: string;
  db: string;
  stop(): void;
  /** messages the child sends after it is ready (bench:gift: `{ fulfilled }`) */
  onMessage(fn: (m: unknown) => void): void;
  /** a message to the child (bench:status: `{ memory: true }`) */
  send(m: unknown): void;
}

/** In the parent: fork `script` (the bench file itself) with CHILD_FLAG and wait until it serves. */
export async function forkBenchServer(script: string, opts: { execArgv?: string[]; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const proc = fork(script, [CHILD_FLAG], { execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])], env: { ...process.env, ...opts.env } });
  process.once('exit', () => proc.kill());
  const ready = await new Promise<{ port: number; db: string }>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as { port: number; db: string }));
    proc.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${ready.port}`, db: ready.db, stop: () => proc.send('stop'), onMessage: (fn) => proc.on('message', fn), send: (m) => proc.send(m as never) };
}

/** A browser-like client: keeps cookies, sends the CSRF token on mutations, parses JSON. */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench responses are read loosely
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(this.base + path, {
      method,
      headers: { cookie: this.header(), 'content-type': 'application/json', ...(method !== 'GET' ? { 'x-csrf-token': this.cookies.get('csrf') ?? '' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    this.take(res);
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }
}

/** Signs up a new member, registers the seeded card 6000100000000207 ($100) and saves the 4242 test card. */
export async function createBenchMember(api: ApiClient) {
  await api.call('GET', '/apiproxy/v1/session');
  const created = await api.call('POST', '/apiproxy/v1/account/create', {
    firstName: 'Bench', lastName: 'Mark', emailAddress: `bench.${Date.now()}@example.com`, password: 'Lantern-Harbor-93', termsAndConditions: true, cardRewards: 'digitalCard',
  });
  if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.json)}`);
  const card = (await api.call('POST', '/apiproxy/v1/account/cards/add', { cardNumber: '6000100000000207', securityCode: String((207 * 1234567 + 10000000) % 100000000).padStart(8, '0') })).json.card;
  const token = (await api.call('POST', '/apiproxy/v1/sandbox-processor/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' })).json.token;
  const method = (await api.call('POST', '/apiproxy/v1/account/payment-methods', { token })).json.paymentMethod;
  return { card: card as { cardId: string }, method: method as { paymentMethodId: string } };
}

export interface Op {
  label: string;
  run: () => Promise<{ status: number }>;
}

export interface Row {
  label: string;
  median: number;
  p99: number;
  rps: number;
  errors: number;
}

export const healthz = (base: string): Op => ({ label: 'GET /healthz', run: () => fetch(`${base}/healthz`).then(async (r) => (await r.text(), { status: r.status })) });

/** Runs `total` requests of each op (interleaved) with `concurrency` in flight; a status other than 200 is an error. */
export async function measure(ops: Op[], total: number, concurrency: number): Promise<Row[]> {
  const lat = new Map<string, number[]>(ops.map((o) => [o.label, []]));
  const errors = new Map<string, number>(ops.map((o) => [o.label, 0]));
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total * ops.length) {
        const op = ops[next++ % ops.length]!;
        const t = performance.now();
        const r = await op.run();
        lat.get(op.label)!.push(performance.now() - t);
        if (r.status !== 200) errors.set(op.label, errors.get(op.label)! + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return ops.map((o) => {
    const s = lat.get(o.label)!.sort((a, b) => a - b);
    return { label: o.label, median: s[Math.floor(s.length / 2)]!, p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]!, rps: s.length / seconds, errors: errors.get(o.label)! };
  });
}

/** Prints the rows with their median latency and throughput as ratios against the /healthz row of the same run. */
export function printRatios(rows: Row[], health: Row, throughputDigits = 2): void {
  const width = Math.max(22, ...rows.map((r) => r.label.length + 2));
  console.log(`${'endpoint'.padEnd(width)}median ms   p99 ms    req/s   errors   median vs healthz   throughput vs healthz`);
  for (const r of rows)
    console.log(
      `${r.label.padEnd(width)}${r.median.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${r.rps.toFixed(0).padStart(9)}${String(r.errors).padStart(9)}${`${(r.median / health.median).toFixed(1)}x`.padStart(20)}${`${(r.rps / health.rps).toFixed(throughputDigits)}x`.padStart(24)}`,
    );
  if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
}
