/**
 * npm run bench:cards — reload (add money) and register charge throughput and latency, as ratios against
 * GET /healthz measured in the same run on the same server.
 *
 * A child process migrates and seeds a fresh in-memory PGlite (or uses BENCH_DATABASE_URL, a PostgreSQL
 * database it migrates) and serves the real app on a free port of 127.0.0.1; this process creates a member,
 * registers a seeded card, saves the 4242 test card, then sends BENCH_REQUESTS (default 600) requests per
 * endpoint at BENCH_CONCURRENCY (default 8). Reloads ($10) and register charges ($10) run interleaved on one
 * card, so the balance stays put and every call does the full work (idempotency key, conditional UPDATE,
 * ledger row, processor charge for reloads, auto reload check for charges).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { openPglite, openPostgres } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedIfEmpty } from '../server/db/seed/seed.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function child() {
  process.env.PASSWORD_HASH_LOG_N = '12';
  const db = process.env.BENCH_DATABASE_URL ? await openPostgres(process.env.BENCH_DATABASE_URL) : await openPglite(undefined);
  await migrate(db);
  await seedIfEmpty(db, { storeCount: 20 });
  const app = createApp({ db, config: loadConfig({ APP_ENV: 'development' }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => process.send!({ port: info.port, db: db.kind }));
  process.on('message', () => server.close(() => process.exit(0)));
}

class Jar {
  cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
}

async function main() {
  const proc = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'] });
  const ready = await new Promise<{ port: number; db: string }>((resolve) => proc.once('message', (m) => resolve(m as { port: number; db: string })));
  const base = `http://127.0.0.1:${ready.port}`;
  const jar = new Jar();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { cookie: jar.header(), 'content-type': 'application/json', ...(method !== 'GET' ? { 'x-csrf-token': jar.cookies.get('csrf') ?? '' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    jar.take(res);
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  try {
    await call('GET', '/apiproxy/v1/session');
    const email = `bench.${Date.now()}@example.com`;
    const created = await call('POST', '/apiproxy/v1/account/create', { firstName: 'Bench', lastName: 'Mark', emailAddress: email, password: 'Lantern-Harbor-93', termsAndConditions: true, cardRewards: 'digitalCard' });
    if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.json)}`);
    const card = (await call('POST', '/apiproxy/v1/account/cards/add', { cardNumber: '6000100000000207', securityCode: String((207 * 1234567 + 10000000) % 100000000).padStart(8, '0') })).json.card;
    const token = (await call('POST', '/apiproxy/v1/sandbox-processor/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' })).json.token;
    const method = (await call('POST', '/apiproxy/v1/account/payment-methods', { token })).json.paymentMethod;
    let n = 0;
    const key = () => `bench-${process.pid}-${n++}`;

    type Op = { label: string; run: () => Promise<{ status: number }> };
    const health: Op = { label: 'GET /healthz', run: () => fetch(`${base}/healthz`).then(async (r) => (await r.text(), { status: r.status })) };
    const reload: Op = { label: 'reload $10', run: () => call('POST', `/apiproxy/v1/account/cards/${card.cardId}/reload`, { amount: 1000, paymentMethodId: method.paymentMethodId, idempotencyKey: key() }) };
    const charge: Op = { label: 'register charge $10', run: () => call('POST', '/apiproxy/v1/dev/register/charge', { cardNumber: card.cardNumber, amount: 1000, idempotencyKey: key() }) };

    async function measure(ops: Op[], total: number) {
      const lat = new Map<string, number[]>(ops.map((o) => [o.label, []]));
      const errors = new Map<string, number>(ops.map((o) => [o.label, 0]));
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
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

    await measure([health, reload, charge], 30); // warm-up
    const [h] = await measure([health], REQUESTS);
    const money = await measure([reload, charge], REQUESTS);
    const rows = [h!, ...money];
    console.log(`bench:cards — ${ready.db}, ${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY} (reload and charge interleaved; their rps share one run)`);
    console.log('endpoint              median ms   p99 ms    req/s   errors   median vs healthz   throughput vs healthz');
    for (const r of rows)
      console.log(
        `${r.label.padEnd(22)}${r.median.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${r.rps.toFixed(0).padStart(9)}${String(r.errors).padStart(9)}${`${(r.median / h!.median).toFixed(1)}x`.padStart(20)}${`${(r.rps / h!.rps).toFixed(2)}x`.padStart(24)}`,
      );
    const final = await call('GET', `/apiproxy/v1/account/cards/${card.cardId}`);
    console.log(`card balance after the run: $${(final.json.card.balance.amount / 100).toFixed(2)} (started at $100.00)`);
    if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    proc.send('stop');
  }
}

if (process.argv.includes('--child')) void child();
else void main();
