/**
 * docs/order-status.md 6 "an update crossing processes" (issue 29): two real server processes (server/main.ts) on one
 * fresh PostgreSQL database. A customer's tracker stream is open on process A; the barista's Start goes through
 * process B; the `status` event reaches the customer on A through LISTEN/NOTIFY (waited for, up to 10 s: no timed
 * assertion; the delay is printed). Then A is killed with SIGKILL while B readies and hands the order off; the
 * customer reconnects to B with its Last-Event-ID and receives exactly the two missed events, in order, once.
 * Skipped when PostgreSQL is not reachable (127.0.0.1:5432, or TEST_PG_URL).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Client, newPgDatabase, nextIp, pgReachable, startServer, stopServer, type ServerProcess } from './harness.ts';
import { openSse, waitFor } from './sse.ts';
import { OrderingOperations } from '../../contracts/ordering.ts';
import { fullSelectionFromSdl } from '../../server/graphql/full-selection.ts';
import { DEMO_PASSWORD } from '../../server/db/seed/users.ts';

const STORE = '10003';
const LATTE = '2015-hot-grande';
const document = fullSelectionFromSdl(readFileSync('schema.graphql', 'utf8'));
const gql = (c: Client, name: keyof typeof OrderingOperations, input: unknown) => c.call('POST', '/apiproxy/v1/graphql', { query: document(OrderingOperations[name]), variables: { input } });

async function placeOrder(port: number): Promise<{ customer: Client; orderId: string }> {
  const c = new Client(port, nextIp());
  const created = await c.call('POST', '/apiproxy/v1/account/create', {
    firstName: 'Tracy', lastName: 'Ops', emailAddress: `ops.fanout.${process.pid}.${Date.now()}@example.com`, password: 'Lantern-Harbor-93', termsAndConditions: true, cardRewards: 'digitalCard',
  });
  assert.equal(created.status, 200, created.body);
  const card = await c.call('POST', '/apiproxy/v1/account/cards/add', { cardNumber: '6000100000000207', securityCode: String((207 * 1234567 + 10000000) % 100000000).padStart(8, '0') });
  assert.equal(card.status, 200, card.body);
  const priced = await gql(c, 'price-order', { storeNumber: STORE, order: { cart: { items: [{ commerce: { sku: LATTE }, quantity: 1, childItems: [] }] } } });
  assert.equal(priced.json?.errors, undefined, priced.body);
  const q = priced.json.data.priceOrder as { orderId: string; summary: { price: number } };
  const placed = await gql(c, 'submit-order', { orderId: q.orderId, storeNumber: STORE, tenders: [{ tender: 'SVC', id: card.json.card.cardId, amount: q.summary.price }], tipAmount: 0, idempotencyKey: `ops-${Date.now()}` });
  assert.equal(placed.json?.errors, undefined, placed.body);
  return { customer: c, orderId: q.orderId };
}

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');

test('status fan-out: a transition made through process B reaches a tracker stream on process A (PostgreSQL LISTEN/NOTIFY); after A dies the stream resumes on B with Last-Event-ID', { timeout: 240_000 }, async (t) => {
  if (!(await pgReachable())) {
    t.skip('PostgreSQL is not reachable');
    return;
  }
  const db = await newPgDatabase();
  const servers: ServerProcess[] = [];
  try {
    // OPS_PORT_A / OPS_PORT_B pin the ports (a shared machine's port range); default: any free port
    const a = await startServer({ DATABASE_URL: db.url, PORT: process.env.OPS_PORT_A ?? '0' }); // migrates and seeds
    servers.push(a);
    const b = await startServer({ DATABASE_URL: db.url, PORT: process.env.OPS_PORT_B ?? '0' });
    servers.push(b);
    assert.notEqual(a.pid, b.pid);

    const { customer, orderId } = await placeOrder(a.port);
    const path = `/apiproxy/v1/ordering/orders/${orderId}/events`;
    const onA = openSse(a.port, path, { cookie: cookieOf(customer), 'x-forwarded-for': customer.ip });
    assert.equal(await onA.opened, 200);
    assert.ok(await waitFor(() => onA.frames.some((f) => f.retry !== null), 10_000), 'the stream on A opened with retry:');

    const barista = new Client(b.port, nextIp());
    const signedIn = await barista.call('POST', '/apiproxy/v1/account/signin', { username: `barista.${STORE}@example.com`, password: DEMO_PASSWORD, rememberMe: false, market: 'US', transactionSubType: 'signin', reputation: {} });
    assert.equal(signedIn.status, 200, signedIn.body);
    const act = (action: string, expectedStatus: string) => barista.call('POST', `/apiproxy/v1/store/${STORE}/orders/${orderId}/${action}`, { expectedStatus });

    const t0 = Date.now();
    const started = await act('start', 'placed');
    assert.equal(started.status, 200, started.body);
    assert.ok(await waitFor(() => onA.events().length >= 1, 10_000), `the status event reached process A's stream\nA:\n${a.output()}\nB:\n${b.output()}`);
    const first = onA.events()[0]!;
    assert.equal(first.event, 'status');
    assert.equal(JSON.parse(first.data!).status, 'preparing');
    console.log(`# start through B (pid ${b.pid}) reached the stream on A (pid ${a.pid}) ${first.at - t0} ms after the POST was sent`);

    // A dies; B readies and hands off; the customer's stream comes back on B with its Last-Event-ID
    a.child.kill('SIGKILL');
    await a.exited;
    onA.close();
    assert.equal((await act('ready', 'preparing')).status, 200);
    assert.equal((await act('hand-off', 'ready')).status, 200);
    customer.port = b.port;
    const onB = openSse(b.port, path, { cookie: cookieOf(customer), 'x-forwarded-for': customer.ip, 'last-event-id': String(first.id) });
    assert.equal(await onB.opened, 200);
    assert.ok(await waitFor(() => onB.events().length >= 2, 10_000), 'the two missed events were replayed on B');
    await new Promise((r) => setTimeout(r, 300)); // nothing more arrives (once)
    const replayed = onB.events().map((f) => [f.event, JSON.parse(f.data!).status, f.id! > first.id!]);
    assert.deepEqual(replayed, [
      ['status', 'ready', true],
      ['status', 'picked_up', true],
    ]);
    assert.ok(onB.events()[0]!.id! < onB.events()[1]!.id!);
    onB.close();
    const tracker = await customer.call('GET', `/apiproxy/v1/ordering/orders/${orderId}/tracker`);
    assert.equal(tracker.json.status, 'picked_up');
  } finally {
    for (const s of servers) await stopServer(s);
    await db.drop();
  }
});
