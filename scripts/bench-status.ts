/**
 * npm run bench:status (docs/order-status.md 6.1): how many concurrent Server-Sent Events subscribers one server
 * process holds with every update delivered within 1 s, the memory each connection costs, beside GET /healthz
 * throughput measured in the same run (as a ratio: with N idle subscribers attached / with none). No timed
 * assertion: it prints figures.
 *
 * The child serves the real app (scripts/bench/harness.ts) on a fresh in-memory PGlite (or BENCH_DATABASE_URL),
 * with the per-IP and per-order stream limits off (ORDER_SSE_BENCH=1, ORDER_SSE_PER_IP=0, ORDER_SSE_PER_ORDER=0,
 * ORDER_SSE_MAX=50000), started with --expose-gc: it answers `{ memory: true }` over IPC with gc() then
 * process.memoryUsage(). The parent creates a member (saved test card) and signs in the seeded barista of 10003;
 * for each step N (BENCH_STEPS, default 100,250,500,1000) it places ORDERS (20) fresh orders, opens N tracker
 * streams spread over them (raw http, one socket each, X-Order-Token), waits until every stream answered `retry:`,
 * reads the child's memory, then makes one update per order (the barista's Start through the console API, one
 * after another): t0 before the POST, each subscriber of that order records when the `status` frame arrived; an
 * update is delivered when all its subscribers got it within 1 s of t0. Then /healthz closed-loop throughput
 * (BENCH_HEALTHZ_REQUESTS, default 1500, concurrency 8) with the N streams idle. Stops after the first step with an
 * undelivered update or a failed connect. Subscribers and server share the machine: the figures are a floor.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { OrderingOperations } from '../contracts/ordering.ts';
import { fullSelectionFromSdl } from '../server/graphql/full-selection.ts';
import { DEMO_PASSWORD } from '../server/db/seed/users.ts';
import { ApiClient, CHILD_FLAG, createBenchMember, forkBenchServer, healthz, measure, serveBenchChild } from './bench/harness.ts';
import { openSse, waitFor, type SseStream } from './ops/sse.ts';

const STEPS = (process.env.BENCH_STEPS ?? '100,250,500,1000').split(',').map(Number).filter((n) => n > 0);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 20);
const HEALTHZ_REQUESTS = Number(process.env.BENCH_HEALTHZ_REQUESTS ?? 1500);
const CONCURRENCY = 8;
const STORE = '10003';
const LATTE = '2015-hot-grande';
const DELIVERY_MS = 1000;

type Memory = { rss: number; heapUsed: number };

async function main() {
  const server = await forkBenchServer(fileURLToPath(import.meta.url), {
    execArgv: ['--expose-gc'],
    env: { ORDER_SSE_BENCH: '1', ORDER_SSE_PER_IP: '0', ORDER_SSE_PER_ORDER: '0', ORDER_SSE_MAX: '50000' },
  });
  const port = Number(new URL(server.base).port);
  let pending: ((m: Memory) => void) | null = null;
  server.onMessage((m) => {
    const mem = (m as { memory?: Memory }).memory;
    if (mem && pending) pending(mem);
  });
  const memory = () =>
    new Promise<Memory>((resolve) => {
      pending = resolve;
      server.send({ memory: true });
    });
  const customer = new ApiClient(server.base);
  const barista = new ApiClient(server.base);
  const streams: SseStream[] = [];
  try {
    const { method } = await createBenchMember(customer);
    await barista.call('GET', '/apiproxy/v1/session');
    const signedIn = await barista.call('POST', '/apiproxy/v1/account/signin', { username: `barista.${STORE}@example.com`, password: DEMO_PASSWORD, rememberMe: false, market: 'US', transactionSubType: 'signin', reputation: {} });
    if (signedIn.status !== 200) throw new Error(`barista sign-in: ${JSON.stringify(signedIn.json)}`);
    const document = fullSelectionFromSdl(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
    const gql = (name: keyof typeof OrderingOperations, input: unknown) => customer.call('POST', '/apiproxy/v1/graphql', { query: document(OrderingOperations[name]), variables: { input } });
    let n = 0;
    const placeOrder = async () => {
      const p = await gql('price-order', { storeNumber: STORE, order: { cart: { items: [{ commerce: { sku: LATTE }, quantity: 1, childItems: [] }] } } });
      if (p.json?.errors) throw new Error(`price-order: ${JSON.stringify(p.json.errors)}`);
      const q = p.json.data.priceOrder as { orderId: string; summary: { price: number } };
      const s = await gql('submit-order', { orderId: q.orderId, storeNumber: STORE, tenders: [{ tender: 'CREDIT_CARD', id: method.paymentMethodId, amount: q.summary.price }], tipAmount: 0, idempotencyKey: `bench-status-${process.pid}-${n++}` });
      if (s.json?.errors) throw new Error(`submit-order: ${JSON.stringify(s.json.errors)}`);
      return { orderId: q.orderId, token: s.json.data.submitOrder.order.orderToken as string };
    };

    // warm-up and the 0-subscriber readings
    await measure([healthz(server.base)], 200, CONCURRENCY);
    const [h0] = await measure([healthz(server.base)], HEALTHZ_REQUESTS, CONCURRENCY);
    const base = await memory();
    let ulimit = '?';
    try {
      ulimit = execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim();
    } catch {
      /* not a shell with ulimit */
    }
    console.log(`bench:status — ${server.db}, steps ${STEPS.join(', ')} subscribers over ${ORDERS} orders per step, ${ORDERS} updates per step, /healthz ${HEALTHZ_REQUESTS} requests at concurrency ${CONCURRENCY}; ulimit -n ${ulimit}`);
    console.log(`0 subscribers: /healthz ${h0!.rps.toFixed(0)} req/s, child RSS ${(base.rss / 1048576).toFixed(1)} MB, heap ${(base.heapUsed / 1048576).toFixed(1)} MB`);
    console.log('subscribers   connect s   delivered ≤1 s   p50 ms   max ms   RSS KB/conn   heap KB/conn   healthz req/s   healthz vs 0 subs');

    let held = 0;
    for (const N of STEPS) {
      const orders: Array<{ orderId: string; token: string }> = [];
      for (let i = 0; i < ORDERS; i++) orders.push(await placeOrder());
      const before = await memory();
      const byOrder = new Map<string, SseStream[]>(orders.map((o) => [o.orderId, []]));
      const c0 = Date.now();
      let failed = 0;
      for (let i = 0; i < N; i++) {
        const o = orders[i % ORDERS]!;
        const s = openSse(port, `/apiproxy/v1/ordering/orders/${o.orderId}/events`, { 'x-order-token': o.token });
        s.opened.then((status) => status !== 200 && failed++).catch(() => failed++);
        streams.push(s);
        byOrder.get(o.orderId)!.push(s);
        if (i % 50 === 49) await new Promise((r) => setImmediate(r)); // let the sockets connect in batches
      }
      const allOpen = await waitFor(() => failed > 0 || streams.every((s) => s.frames.some((f) => f.retry !== null)), 60_000);
      const connectS = (Date.now() - c0) / 1000;
      if (!allOpen || failed > 0) {
        console.log(`${String(N).padStart(11)}   connect failed: ${failed} refused or dropped, ${streams.filter((s) => !s.frames.length).length} without retry: (ulimit -n ${ulimit})`);
        break;
      }
      const after = await memory();

      const delays: number[] = [];
      let delivered = 0;
      for (const o of orders) {
        const subs = byOrder.get(o.orderId)!;
        const t0 = Date.now();
        const r = await barista.call('POST', `/apiproxy/v1/store/${STORE}/orders/${o.orderId}/start`, { expectedStatus: 'placed' });
        if (r.status !== 200) throw new Error(`start: ${JSON.stringify(r.json)}`);
        const arrival = (s: SseStream) => s.events().find((f) => f.event === 'status')?.at;
        await waitFor(() => subs.every((s) => arrival(s) !== undefined), 5_000);
        const ms = subs.map((s) => (arrival(s) ?? Infinity) - t0);
        delays.push(...ms);
        if (ms.every((d) => d <= DELIVERY_MS)) delivered++;
      }
      const [h] = await measure([healthz(server.base)], HEALTHZ_REQUESTS, CONCURRENCY);
      delays.sort((a, b) => a - b);
      const p50 = delays[Math.floor(delays.length / 2)]!;
      const max = delays[delays.length - 1]!;
      const kb = (x: number) => (x / 1024 / N).toFixed(1);
      console.log(
        `${String(N).padStart(11)}${connectS.toFixed(1).padStart(12)}${`${delivered}/${orders.length}`.padStart(17)}${(Number.isFinite(p50) ? p50.toFixed(0) : '—').padStart(9)}${(Number.isFinite(max) ? max.toFixed(0) : '—').padStart(9)}${kb(after.rss - before.rss).padStart(14)}${kb(after.heapUsed - before.heapUsed).padStart(15)}${h!.rps.toFixed(0).padStart(16)}${`${(h!.rps / h0!.rps).toFixed(2)}x`.padStart(20)}`,
      );
      for (const s of streams) s.close();
      streams.length = 0;
      await new Promise((r) => setTimeout(r, 1000)); // the child frees the closed streams
      if (delivered < orders.length) break;
      held = N;
    }
    console.log(held ? `one process holds ${held} subscribers with every update within 1 s (the largest step tried: raise BENCH_STEPS to look further)` : 'no step delivered every update within 1 s');
  } finally {
    for (const s of streams) s.close();
    server.stop();
  }
}

if (process.argv.includes(CHILD_FLAG)) {
  await serveBenchChild(20, {
    port: Number(process.env.BENCH_PORT ?? 0),
    onMessage: (m) => {
      if (!(m && typeof m === 'object' && 'memory' in m)) return false;
      (globalThis as { gc?: () => void }).gc?.();
      const u = process.memoryUsage();
      process.send!({ memory: { rss: u.rss, heapUsed: u.heapUsed } });
      return true;
    },
  });
} else {
  await main();
}
