/**
 * npm run bench:gift — gift purchases: acceptance throughput and latency, fulfilment throughput of the worker, and
 * the status GET, each as a ratio against GET /healthz measured in the same run on the same server.
 *
 * A child process migrates and seeds a fresh in-memory PGlite (or BENCH_DATABASE_URL) and serves the real app with
 * the gift worker running (GIFT_STATUS_DELAY_MS=0), reporting each fulfilled purchase over IPC. This process creates
 * a member with a saved 4242 card and a billing address, then sends BENCH_REQUESTS (default 300) purchases (one
 * recipient, $25, a fresh requestId each) in a closed loop at BENCH_CONCURRENCY (default 8), then as many status
 * GETs. "fulfilled/s" is the count the worker reported from the first accept to the last fulfilment.
 */
import { fileURLToPath } from 'node:url';
import { ApiClient, CHILD_FLAG, createBenchMember, forkBenchServer, healthz, measure, printRatios, serveBenchChild, type Op } from './bench/harness.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
process.env.GIFT_STATUS_DELAY_MS ??= '0';

async function main() {
  const server = await forkBenchServer(fileURLToPath(import.meta.url));
  let fulfilled = 0;
  let lastFulfilledAt = 0;
  let waiting: (() => void) | null = null;
  let target = Infinity;
  server.onMessage((m) => {
    if (typeof m === 'object' && m && 'fulfilled' in m) {
      fulfilled = Number((m as { fulfilled: number }).fulfilled);
      lastFulfilledAt = performance.now();
      if (fulfilled >= target) waiting?.();
    }
  });
  const api = new ApiClient(server.base);
  try {
    const { method } = await createBenchMember(api);
    const address = await api.call('POST', '/apiproxy/v1/graphql', {
      query: 'mutation A($input: AddressInput!) { createAddress(input: $input) { addressId } }',
      variables: { input: { firstName: 'Bench', lastName: 'Mark', addressLine1: '1 Harbor Way', city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA' } },
    });
    const addressId = address.json?.data?.createAddress?.addressId as string | undefined;
    if (!addressId) throw new Error(`address: ${JSON.stringify(address.json)}`);
    const patched = await api.call('PATCH', `/apiproxy/v1/account/payment-methods/${method.paymentMethodId}`, { billingAddressId: addressId });
    if (patched.status !== 200) throw new Error(`billing address: ${JSON.stringify(patched.json)}`);

    let n = 0;
    const ids: string[] = [];
    const body = () => {
      const requestId = `bench-${process.pid}-${n++}`;
      ids.push(requestId);
      return {
        requestId, orderSource: 'web', locale: 'en-US', currency: 'USD', paymentType: 'visa', paymentInstrumentId: method.paymentMethodId,
        senderEmail: 'bench@example.com', senderName: 'Bench Mark',
        egifts: [{ recipientEmail: `friend.${n}@example.com`, recipientName: 'Friend', deliveryMethod: 'EMAIL', product: { productNumber: '11000001' }, message: 'Bench', amount: { amount: 2500, currency: 'USD' } }],
        totalAmount: { amount: 2500, currency: 'USD' },
      };
    };
    const health = healthz(server.base);
    const purchase: Op = { label: 'POST gift-purchase (202)', run: async () => { const r = await api.call('POST', '/apiproxy/v1/gift/gift-purchase', body()); return { status: r.status === 202 ? 200 : r.status }; } };
    let s = 0;
    const status: Op = {
      label: 'GET gift-purchase-status',
      run: async () => {
        const id = ids[s++ % ids.length]!;
        const res = await fetch(`${server.base}/apiproxy/v1/gift/gift-purchase-status`, { headers: { 'x-request-id': id, cookie: [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
        await res.text();
        return { status: res.status };
      },
    };

    await measure([health, purchase], 20, CONCURRENCY); // warm-up
    const warm = ids.length;
    target = warm;
    if (fulfilled < target) await new Promise<void>((resolve) => (waiting = resolve));
    const [h] = await measure([health], REQUESTS, CONCURRENCY);
    const startedAt = performance.now();
    const before = fulfilled;
    target = warm + REQUESTS;
    const [accepted] = await measure([purchase], REQUESTS, CONCURRENCY);
    if (fulfilled < target) await new Promise<void>((resolve) => (waiting = resolve));
    const fulfilRate = (fulfilled - before) / ((lastFulfilledAt - startedAt) / 1000);
    const [st] = await measure([status], REQUESTS, CONCURRENCY);
    console.log(`bench:gift — ${server.db}, ${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY}; the worker runs in the server process`);
    printRatios([h!, accepted!, st!], h!, 3);
    console.log(`fulfilled/s (first accept to last fulfilment, ${fulfilled - before} purchases): ${fulfilRate.toFixed(1)} = ${(fulfilRate / h!.rps).toFixed(3)}x healthz req/s`);
  } finally {
    server.stop();
  }
}

if (process.argv.includes(CHILD_FLAG)) void serveBenchChild(20, { giftWorker: true });
else void main();
