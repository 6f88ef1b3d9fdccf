/**
 * npm run bench:order — menu (GraphQL get-menu and REST product), pricing (price-order) and submit
 * (submit-order with the stored-value card) latency and throughput, as ratios against GET /healthz measured in
 * the same run on the same server.
 *
 * A child process migrates and seeds a fresh in-memory PGlite (or uses BENCH_DATABASE_URL, a PostgreSQL
 * database it migrates) and serves the real app on a free port of 127.0.0.1; this process creates a member,
 * registers a seeded card with auto reload (so the balance never runs out: every submit is the full path:
 * idempotency key, quote lock, conditional debit, order and lines, Stars, outbox, now and then an auto reload),
 * then sends BENCH_REQUESTS (default 300) requests per endpoint at BENCH_CONCURRENCY (default 8). Submits use
 * quotes priced beforehand (one per submit).
 *
 * The bundle-size part (gzipped JavaScript loaded by /menu and a product page) belongs to the client side:
 * add it to `clientSections` below (hook), e.g. with scripts/bundle-size.ts.
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
import { OrderingOperations } from '../contracts/ordering.ts';
import { orderBundleSection } from './bench-order-bundle.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
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
    await call('POST', '/apiproxy/v1/graphql', {
      query: 'mutation A($cardId: ID!, $amount: Int, $triggerAmount: Int, $paymentMethodId: ID) { createAutoReload(cardId: $cardId, amount: $amount, triggerAmount: $triggerAmount, paymentMethodId: $paymentMethodId) { status } }',
      variables: { cardId: card.cardId, amount: 10000, triggerAmount: 5000, paymentMethodId: method.paymentMethodId },
    });
    let n = 0;
    const key = () => `bench-${process.pid}-${n++}`;
    const gql = (name: keyof typeof OrderingOperations, input: unknown) => call('POST', '/apiproxy/v1/graphql', { query: OrderingOperations[name], variables: { input } });
    const STORE = '10003';
    const DRIP = '2003-hot-tall'; // Pike Place Roast, tall
    const priceBody = { storeNumber: STORE, order: { cart: { items: [{ commerce: { sku: DRIP }, quantity: 1, childItems: [{ commerce: { sku: 'opt-301' }, quantity: 2 }] }] } } };
    const ok = (r: { status: number; json: { errors?: unknown } }) => ({ status: r.json?.errors ? 500 : r.status });

    type Op = { label: string; run: () => Promise<{ status: number }> };
    const health: Op = { label: 'GET /healthz', run: () => fetch(`${base}/healthz`).then(async (r) => (await r.text(), { status: r.status })) };
    const menu: Op = { label: 'get-menu (store)', run: async () => ok(await gql('get-menu', { storeNumber: STORE })) };
    const product: Op = { label: 'GET ordering/{product}', run: () => call('GET', `/apiproxy/v1/ordering/2003?storeNumber=${STORE}`) };
    const price: Op = { label: 'price-order', run: async () => ok(await gql('price-order', priceBody)) };
    const quotes: Array<{ orderId: string; summary: { price: number } }> = [];
    const submit: Op = {
      label: 'submit-order (SVC)',
      run: async () => {
        const q = quotes.pop()!;
        return ok(await gql('submit-order', { orderId: q.orderId, storeNumber: STORE, tenders: [{ tender: 'SVC', id: card.cardId, amount: q.summary.price }], idempotencyKey: key() }));
      },
    };
    const prepare = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const r = await gql('price-order', priceBody);
        if (r.json?.errors) throw new Error(`price-order: ${JSON.stringify(r.json.errors)}`);
        quotes.push(r.json.data.priceOrder);
      }
    };

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

    await prepare(10);
    await measure([health, menu, product, price, submit], 10); // warm-up
    const [h] = await measure([health], REQUESTS);
    const [m] = await measure([menu], REQUESTS);
    const [p] = await measure([product], REQUESTS);
    const [pr] = await measure([price], REQUESTS);
    await prepare(REQUESTS);
    const [s] = await measure([submit], REQUESTS);
    const rows = [h!, m!, p!, pr!, s!];
    console.log(`bench:order — ${ready.db}, ${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY}, each endpoint measured alone`);
    console.log('endpoint                  median ms   p99 ms    req/s   errors   median vs healthz   throughput vs healthz');
    for (const r of rows)
      console.log(
        `${r.label.padEnd(26)}${r.median.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${r.rps.toFixed(0).padStart(9)}${String(r.errors).padStart(9)}${`${(r.median / h!.median).toFixed(1)}x`.padStart(20)}${`${(r.rps / h!.rps).toFixed(3)}x`.padStart(24)}`,
      );
    const final = await call('GET', `/apiproxy/v1/account/cards/${card.cardId}`);
    console.log(`card balance after the run: $${(final.json.card.balance.amount / 100).toFixed(2)} (started at $100.00, auto reload $100 under $50)`);
    for (const section of clientSections) await section(base);
    if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    proc.send('stop');
  }
}

/**
 * Hook for the client side: sections that run after the API figures against the same server (e.g. the gzipped
 * JavaScript loaded by /menu and by a product page, scripts/bundle-size.ts). Each prints its own lines.
 */
export const clientSections: Array<(base: string) => Promise<void>> = [orderBundleSection];

if (process.argv.includes('--child')) void child();
else void main();
