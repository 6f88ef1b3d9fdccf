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
import { fileURLToPath } from 'node:url';
import { ApiClient, CHILD_FLAG, createBenchMember, forkBenchServer, healthz, measure, printRatios, serveBenchChild, type Op } from './bench/harness.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function main() {
  const server = await forkBenchServer(fileURLToPath(import.meta.url));
  const api = new ApiClient(server.base);
  try {
    const { card, method } = await createBenchMember(api);
    let n = 0;
    const key = () => `bench-${process.pid}-${n++}`;
    const health = healthz(server.base);
    const reload: Op = { label: 'reload $10', run: () => api.call('POST', `/apiproxy/v1/account/cards/${card.cardId}/reload`, { amount: 1000, paymentMethodId: method.paymentMethodId, idempotencyKey: key() }) };
    // each sale scans a fresh pay code (single use): the barcode call is part of the measured op
    const charge: Op = {
      label: 'pay code + register charge $10',
      run: async () => {
        const code = (await api.call('POST', '/apiproxy/v1/account/cards/barcode', { cardId: card.cardId })).json.code as string;
        return api.call('POST', '/apiproxy/v1/dev/register/charge', { barcode: code, amount: 1000, idempotencyKey: key() });
      },
    };

    await measure([health, reload, charge], 30, CONCURRENCY); // warm-up
    const [h] = await measure([health], REQUESTS, CONCURRENCY);
    const money = await measure([reload, charge], REQUESTS, CONCURRENCY);
    console.log(`bench:cards — ${server.db}, ${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY} (reload and charge interleaved; their rps share one run)`);
    printRatios([h!, ...money], h!);
    const final = await api.call('GET', `/apiproxy/v1/account/cards/${card.cardId}`);
    console.log(`card balance after the run: $${(final.json.card.balance.amount / 100).toFixed(2)} (started at $100.00)`);
  } finally {
    server.stop();
  }
}

if (process.argv.includes(CHILD_FLAG)) void serveBenchChild();
else void main();
