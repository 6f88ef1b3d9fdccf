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
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OrderingOperations } from '../contracts/ordering.ts';
import { fullSelectionFromSdl } from '../server/graphql/full-selection.ts';
import { orderBundleSection } from './bench-order-bundle.ts';
import { ApiClient, CHILD_FLAG, createBenchMember, forkBenchServer, healthz, measure, printRatios, serveBenchChild, type Op } from './bench/harness.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function main() {
  const server = await forkBenchServer(fileURLToPath(import.meta.url));
  const api = new ApiClient(server.base);
  const call = api.call.bind(api);
  try {
    const { card, method } = await createBenchMember(api);
    await call('POST', '/apiproxy/v1/graphql', {
      query: 'mutation A($cardId: ID!, $amount: Int, $triggerAmount: Int, $paymentMethodId: ID) { createAutoReload(cardId: $cardId, amount: $amount, triggerAmount: $triggerAmount, paymentMethodId: $paymentMethodId) { status } }',
      variables: { cardId: card.cardId, amount: 10000, triggerAmount: 5000, paymentMethodId: method.paymentMethodId },
    });
    let n = 0;
    const key = () => `bench-${process.pid}-${n++}`;
    const fullDocument = fullSelectionFromSdl(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
    const gql = (name: keyof typeof OrderingOperations, input: unknown) => call('POST', '/apiproxy/v1/graphql', { query: fullDocument(OrderingOperations[name]), variables: { input } });
    const STORE = '10003';
    const DRIP = '2003-hot-tall'; // Pike Place Roast, tall
    const priceBody = { storeNumber: STORE, order: { cart: { items: [{ commerce: { sku: DRIP }, quantity: 1, childItems: [{ commerce: { sku: 'opt-301' }, quantity: 2 }] }] } } };
    const ok = (r: { status: number; json: { errors?: unknown } }) => ({ status: r.json?.errors ? 500 : r.status });

    const health = healthz(server.base);
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

    await prepare(10);
    await measure([health, menu, product, price, submit], 10, CONCURRENCY); // warm-up
    const [h] = await measure([health], REQUESTS, CONCURRENCY);
    const [m] = await measure([menu], REQUESTS, CONCURRENCY);
    const [p] = await measure([product], REQUESTS, CONCURRENCY);
    const [pr] = await measure([price], REQUESTS, CONCURRENCY);
    await prepare(REQUESTS);
    const [s] = await measure([submit], REQUESTS, CONCURRENCY);
    const rows = [h!, m!, p!, pr!, s!];
    console.log(`bench:order — ${server.db}, ${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY}, each endpoint measured alone`);
    printRatios(rows, h!, 3);
    const final = await call('GET', `/apiproxy/v1/account/cards/${card.cardId}`);
    console.log(`card balance after the run: $${(final.json.card.balance.amount / 100).toFixed(2)} (started at $100.00, auto reload $100 under $50)`);
    for (const section of clientSections) await section(server.base);
  } finally {
    server.stop();
  }
}

/**
 * Hook for the client side: sections that run after the API figures against the same server (e.g. the gzipped
 * JavaScript loaded by /menu and by a product page, scripts/bundle-size.ts). Each prints its own lines.
 */
export const clientSections: Array<(base: string) => Promise<void>> = [orderBundleSection];

if (process.argv.includes(CHILD_FLAG)) void serveBenchChild();
else void main();
