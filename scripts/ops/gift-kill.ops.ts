/**
 * Gift purchases survive kill -9 (docs/gifting.md 3.3, 5): per database, ROUNDS rounds of
 * 1. accept 20 purchases (members with a saved card, guests with a single-use card and address) on a process with
 *    GIFT_WORKER=off, then kill -9 it (acceptance done, fulfilment not begun);
 * 2. start it with the worker on and GIFT_TEST_HOLD_AFTER_CHARGE_MS=1500 and kill -9 it while the worker holds its
 *    transaction after the charge (between the authorisation and the commit);
 * 3. start it again with the worker on (PostgreSQL: two processes on one database) until every purchase is done.
 * Then per purchase: fulfilled, exactly one captured charge for gift-<requestId>, one card per recipient, each card's
 * ledger sum = its balance, one `egift` outbox row per recipient.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, ROUNDS, newPgDatabase, nextIp, pgReachable, preparedPgTemplate, preparedPgliteDir, removeDir, request, sleep, startServer, stopServer, withPg, type ServerProcess } from './harness.ts';
import { openPglite } from '../../server/db/db.ts';

const PER_ROUND = 20;
const PASSWORD = 'Lantern-Harbor-93';
const ADDRESS = { firstName: 'Casey', lastName: 'Rivera', addressLine1: '1 Harbor Way', addressLine2: null, city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA' };
type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

interface Purchase {
  requestId: string;
  recipients: number;
  client: Client;
}

let counter = 0;
const rid = () => `kill-${process.pid}-${Date.now().toString(36)}-${counter++}`;

async function graphql(c: Client, query: string, variables: Record<string, unknown>) {
  const r = await c.call('POST', '/apiproxy/v1/graphql', { query, variables });
  assert.equal(r.status, 200, r.body);
  assert.ok(!r.json.errors, r.body);
  return r.json.data;
}

/** a member with a saved visa card that has a billing address */
async function newMember(port: number): Promise<{ client: Client; paymentInstrumentId: string }> {
  const client = new Client(port, nextIp());
  const email = `gift.ops.${process.pid}.${counter++}@example.com`;
  let r = await client.call('POST', '/apiproxy/v1/account/create', { firstName: 'Casey', lastName: 'Rivera', emailAddress: email, password: PASSWORD, termsAndConditions: true, cardRewards: 'digitalCard' });
  assert.equal(r.status, 200, r.body);
  const address = await graphql(client, 'mutation A($input: AddressInput!) { createAddress(input: $input) { addressId } }', { input: ADDRESS });
  r = await client.call('POST', '/apiproxy/v1/sandbox-processor/tokens', { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' });
  assert.equal(r.status, 200, r.body);
  r = await client.call('POST', '/apiproxy/v1/account/payment-methods', { token: r.json.token, billingAddressId: address.createAddress.addressId });
  assert.equal(r.status, 200, r.body);
  return { client, paymentInstrumentId: r.json.paymentMethod.paymentMethodId };
}

function body(payment: Record<string, string>, count: number) {
  return {
    requestId: rid(),
    orderSource: 'web',
    locale: 'en-US',
    currency: 'USD',
    ...payment,
    senderEmail: 'ops.sender@example.com',
    senderName: 'Ops Sender',
    egifts: Array.from({ length: count }, (_, i) => ({
      recipientEmail: `ops.friend.${counter++}.${i}@example.com`,
      recipientName: `Friend ${i + 1}`,
      deliveryMethod: 'EMAIL',
      product: { productNumber: '11000001' },
      message: 'From the ops test',
      amount: { amount: 2500, currency: 'USD' },
    })),
    totalAmount: { amount: 2500 * count, currency: 'USD' },
  };
}

/** accepts PER_ROUND purchases: half from members (a new one each round), half from guests */
async function acceptRound(port: number): Promise<Purchase[]> {
  const member = await newMember(port);
  const out: Purchase[] = [];
  for (let i = 0; i < PER_ROUND; i++) {
    const count = (i % 3) + 1;
    let client = member.client;
    let payment: Record<string, string> = { paymentType: 'visa', paymentInstrumentId: member.paymentInstrumentId };
    if (i % 2 === 1) {
      client = new Client(port, nextIp());
      const t = await client.call('POST', '/apiproxy/v1/sandbox-processor/tokens', { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123', singleUse: true });
      assert.equal(t.status, 200, t.body);
      const a = await graphql(client, 'mutation S($walletTarget: String!, $input: AddressInput!) { addSingleUseBillingAddress(walletTarget: $walletTarget, input: $input) { addressToken } }', {
        walletTarget: 'guest',
        input: ADDRESS,
      });
      payment = { paymentType: 'visa', paymentInstrumentToken: t.json.token, addressToken: a.addSingleUseBillingAddress.addressToken };
    }
    const b = body(payment, count);
    const r = await client.call('POST', '/apiproxy/v1/gift/gift-purchase', b);
    assert.equal(r.status, 202, r.body);
    out.push({ requestId: b.requestId, recipients: count, client });
  }
  return out;
}

async function kill(s: ServerProcess) {
  s.child.kill('SIGKILL');
  await s.exited;
}

/** every purchase answered by its status call as fulfilled (bounded wait) */
async function awaitFulfilled(port: number, purchases: Purchase[]) {
  for (const p of purchases) {
    p.client.port = port;
    for (let i = 0; ; i++) {
      const s = await statusOf(p);
      if (s.orderNumber) break;
      assert.equal(s.code, 'EPROMISERETRY', `${p.requestId}: ${JSON.stringify(s)}`);
      assert.ok(i < 600, `${p.requestId} not fulfilled in time`);
      await sleep(100);
    }
  }
}

async function statusOf(p: Purchase): Promise<{ orderNumber: string | null; code: string | null }> {
  const jar = [...p.client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const r = await request(p.client.port, 'GET', '/apiproxy/v1/gift/gift-purchase-status', { headers: { 'x-request-id': p.requestId, 'x-forwarded-for': p.client.ip, ...(jar ? { cookie: jar } : {}) } });
  assert.equal(r.status, 200, r.body);
  return { orderNumber: r.json.orderNumber, code: r.json.data.context.code };
}

async function checkDb(query: Query, purchases: Purchase[]) {
  for (const p of purchases) {
    const row = (await query('select status, recipient_count from gift_purchases where request_id = $1', [p.requestId])).rows[0];
    assert.equal(row?.status, 'fulfilled', p.requestId);
    const captures = await query(`select count(*)::int as n from sandbox_charges where idempotency_key like $1`, [`gift-${p.requestId}:%`]);
    assert.equal(Number(captures.rows[0]!.n), 1, `${p.requestId}: captures`);
    const cards = await query(
      `select c.balance_cents, (select sum(amount_cents) from card_ledger l where l.card_id = c.card_id)::int as sum
         from gift_recipients r join stored_value_cards c on c.card_id = r.card_id where r.request_id = $1`,
      [p.requestId],
    );
    assert.equal(cards.rows.length, p.recipients, `${p.requestId}: cards`);
    for (const c of cards.rows) assert.equal(Number(c.sum), Number(c.balance_cents), `${p.requestId}: ledger sum = balance`);
    const mail = await query(`select count(*)::int as n from outbox where kind = 'egift' and id in (select outbox_id from gift_recipients where request_id = $1)`, [p.requestId]);
    assert.equal(Number(mail.rows[0]!.n), p.recipients, `${p.requestId}: mail`);
    const claimTokens = await query('select count(*)::int as n from gift_claim_tokens where request_id = $1', [p.requestId]);
    assert.equal(Number(claimTokens.rows[0]!.n), p.recipients, `${p.requestId}: claim tokens`);
  }
}

async function rounds(env: Record<string, string>, opts: { twoProcesses: boolean; checkDbNow: ((p: Purchase[]) => Promise<void>) | null }) {
  const all: Purchase[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // 1. accepted, not fulfilled
    let s = await startServer({ ...env, GIFT_WORKER: 'off' });
    const purchases = await acceptRound(s.port);
    await kill(s);
    // 2. killed while the worker holds its first purchase after the charge
    s = await startServer({ ...env, GIFT_TEST_HOLD_AFTER_CHARGE_MS: '1500' });
    await sleep(300 + Math.floor(Math.random() * 700));
    await kill(s);
    // 3. the restarted worker(s) fulfil everything, once
    const servers = [await startServer(env)];
    if (opts.twoProcesses) servers.push(await startServer(env));
    await awaitFulfilled(servers[0]!.port, purchases);
    for (const x of servers) assert.equal((await stopServer(x)).code, 0, x.output());
    all.push(...purchases);
    if (opts.checkDbNow) await opts.checkDbNow(purchases);
    console.log(`round ${round}/${ROUNDS}: ${purchases.length} purchases accepted, killed before and during fulfilment, all fulfilled`);
  }
  return all;
}

test(`gift purchases survive kill -9 before and during fulfilment, ${ROUNDS} rounds on PGlite: each fulfilled once`, async () => {
  const dir = await preparedPgliteDir();
  try {
    const purchases = await rounds({ DATA_DIR: dir }, { twoProcesses: false, checkDbNow: null });
    const db = await openPglite(dir);
    try {
      await checkDb((sql, params) => db.query(sql, params), purchases);
    } finally {
      await db.close();
    }
  } finally {
    await removeDir(dir);
  }
});

test(`gift purchases survive kill -9 before and during fulfilment, ${ROUNDS} rounds on PostgreSQL with two worker processes: each fulfilled once`, { skip: !(await pgReachable()) && 'PostgreSQL not reachable' }, async () => {
  const template = await preparedPgTemplate();
  const db = await newPgDatabase(template.name);
  try {
    await rounds({ DATABASE_URL: db.url }, { twoProcesses: true, checkDbNow: (p) => withPg(db.url, (c) => checkDb((sql, params) => c.query(sql, params), p)) });
  } finally {
    await db.drop();
    await template.drop();
  }
});
