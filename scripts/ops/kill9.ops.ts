/**
 * ROUNDS kill -9 rounds during sign-ups, favorites and profile edits, on PGlite and on PostgreSQL: no acknowledged
 * write is lost and no half-created account is left (a user without its card or its welcome mail).
 *
 * Each round starts the server on the same database, checks through the API that every acknowledged profile
 * edit survived (the member's session too), runs a mixed workload from several clients and kills the process
 * with SIGKILL at a random moment. The database itself is checked after every round on PostgreSQL and, as the
 * PGlite folder can only be opened by one process, after the last round on PGlite (nothing in the workload
 * deletes, so what was acknowledged in any round must still be there).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, ROUNDS, newPgDatabase, nextIp, pgReachable, preparedPgTemplate, preparedPgliteDir, removeDir, sleep, startServer, stopServer, withPg } from './harness.ts';
import { openPglite } from '../../server/db/db.ts';

const WORKERS = 3;
const STORES = ['10001-10101', '10002-10102', '10003-10103', '10004-10104', '10005-10105', '10006-10106', '10007-10107', '10008-10108'];
const PASSWORD = 'Lantern-Harbor-93';

interface Member {
  client: Client;
  email: string;
  /** the sign-up was answered 200 */
  created: boolean;
  favorites: Set<string>;
  /** lastName values sent, in order; lastAcked is the index of the newest one answered 200 */
  names: string[];
  lastAcked: number;
  busy: boolean;
}

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

const letters = (n: number) => {
  let s = '';
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
};

let emailCounter = 0;
let nameCounter = 0;

class Workload {
  members: Member[] = [];
  acked = { signups: 0, favorites: 0, edits: 0 };
  sent = 0;
  private onAck: (() => void) | null = null;

  /** resolves at the next acknowledged write (or after maxMs): the kill then comes while writes are flowing */
  nextAck(maxMs: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(resolve, maxMs);
      this.onAck = () => {
        clearTimeout(t);
        this.onAck = null;
        resolve();
      };
    });
  }

  private acknowledged(kind: 'signups' | 'favorites' | 'edits') {
    this.acked[kind]++;
    this.onAck?.();
  }

  setPort(port: number) {
    for (const m of this.members) m.client.port = port;
  }

  private async signUp(port: number) {
    const email = `ops.${process.pid}.${emailCounter++}@example.com`;
    const m: Member = { client: new Client(port, nextIp()), email, created: false, favorites: new Set(), names: [], lastAcked: -1, busy: true };
    this.members.push(m);
    this.sent++;
    const r = await m.client.call('POST', '/apiproxy/v1/account/create', {
      firstName: 'Casey', lastName: 'Rivera', emailAddress: email, password: PASSWORD, termsAndConditions: true, cardRewards: 'digitalCard',
      receiveHarborEmailCommunications: false, receiveGeneralEmailCommunications: true, receivePersonalizedEmailCommunications: false,
      country: 'US', locale: 'en-US', registrationSource: 'Web', reputation: { deviceId: 'ops-test' },
    });
    assert.equal(r.status, 200, `sign-up answered ${r.status}: ${r.body}`);
    m.created = true;
    this.acknowledged('signups');
    m.busy = false;
  }

  private async favorite(m: Member) {
    const store = STORES.find((s) => !m.favorites.has(s));
    if (!store) return;
    this.sent++;
    const r = await m.client.call('POST', '/apiproxy/v1/stores/favorites', { storeNumber: store });
    assert.equal(r.status, 200, `favorite answered ${r.status}: ${r.body}`);
    m.favorites.add(store);
    this.acknowledged('favorites');
  }

  private async edit(m: Member) {
    const name = `Edit ${letters(nameCounter++)}`;
    m.names.push(name);
    this.sent++;
    const r = await m.client.call('PATCH', '/apiproxy/v1/account/profile', { lastName: name });
    assert.equal(r.status, 200, `profile edit answered ${r.status}: ${r.body}`);
    assert.equal(r.json.lastName, name);
    m.lastAcked = m.names.length - 1;
    this.acknowledged('edits');
  }

  /** One client: until the server dies, sign up (sometimes) or favorite / edit an idle member. Connection errors end it. */
  async worker(port: number) {
    for (;;) {
      const idle = this.members.filter((m) => m.created && !m.busy);
      try {
        if (!idle.length || Math.random() < 0.15) {
          await this.signUp(port);
          continue;
        }
        const m = idle[Math.floor(Math.random() * idle.length)]!;
        m.busy = true;
        try {
          if (Math.random() < 0.4) await this.favorite(m);
          else await this.edit(m);
        } finally {
          m.busy = false;
        }
      } catch (e) {
        if (e instanceof assert.AssertionError) throw e;
        return; // the process was killed: this request is unacknowledged
      }
    }
  }

  /** Through the API of a restarted server: sessions survived and every acknowledged profile edit is there. */
  async checkApi() {
    for (const m of this.members.filter((x) => x.created)) {
      const r = await m.client.call('GET', '/apiproxy/v1/account/profile');
      assert.equal(r.status, 200, `${m.email}: profile answered ${r.status} (session or account lost)`);
      if (m.lastAcked >= 0) assert.ok(m.names.slice(m.lastAcked).includes(r.json.lastName), `${m.email}: lastName ${r.json.lastName}, acknowledged ${m.names[m.lastAcked]}`);
      m.busy = false;
    }
  }

  /** In the database: acknowledged writes present, no user of this test without its card and welcome mail. */
  async checkDb(query: Query) {
    for (const m of this.members.filter((x) => x.created)) {
      const u = (await query('select id, last_name from users where email_normalized = $1', [m.email])).rows[0];
      assert.ok(u, `acknowledged account ${m.email} exists`);
      if (m.lastAcked >= 0) assert.ok(m.names.slice(m.lastAcked).includes(String(u.last_name)), `${m.email}: last_name ${String(u.last_name)}, acknowledged ${m.names[m.lastAcked]}`);
      const favs = new Set((await query('select short_number from favorite_stores where user_id = $1', [u.id])).rows.map((r) => String(r.short_number)));
      for (const f of m.favorites) assert.ok(favs.has(f.split('-')[0]!), `${m.email}: acknowledged favorite ${f} exists`);
    }
    const half = await query(
      `select u.email,
              exists (select 1 from stored_value_cards c where c.user_id = u.id) as has_card,
              exists (select 1 from outbox o where o.user_id = u.id and o.kind = 'welcome') as has_welcome
         from users u
        where u.email like 'ops.%@example.com'
          and not (exists (select 1 from stored_value_cards c where c.user_id = u.id)
                   and exists (select 1 from outbox o where o.user_id = u.id and o.kind = 'welcome'))`,
    );
    assert.deepEqual(half.rows, [], `half-created accounts (no card or no welcome mail): ${JSON.stringify(half.rows)}`);
  }
}

async function rounds(env: Record<string, string>, checkDbNow: ((w: Workload) => Promise<void>) | null) {
  const w = new Workload();
  for (let round = 1; round <= ROUNDS; round++) {
    const s = await startServer(env);
    w.setPort(s.port);
    await w.checkApi();
    const workers = Array.from({ length: WORKERS }, () => w.worker(s.port));
    // once writes are being acknowledged (the first requests of a fresh process are slow), kill at a random moment
    await w.nextAck(60_000);
    const killAfter = Math.floor(Math.random() * 1000);
    await sleep(killAfter);
    s.child.kill('SIGKILL');
    await s.exited;
    await Promise.all(workers);
    if (checkDbNow) await checkDbNow(w);
    console.log(`round ${round}/${ROUNDS}: killed ${killAfter} ms after an acknowledged write; acknowledged so far ${JSON.stringify(w.acked)} of ${w.sent} sent`);
  }
  // a last start: everything acknowledged is served, and the process stops cleanly
  const s = await startServer(env);
  w.setPort(s.port);
  await w.checkApi();
  assert.equal((await stopServer(s)).code, 0);
  return w;
}

test(`kill -9 during sign-ups, favorites and profile edits, ${ROUNDS} rounds on PGlite: nothing acknowledged lost, no half-created account`, async () => {
  const dir = await preparedPgliteDir();
  try {
    const w = await rounds({ DATA_DIR: dir }, null);
    const db = await openPglite(dir);
    try {
      await w.checkDb((sql, params) => db.query(sql, params));
    } finally {
      await db.close();
    }
    assert.ok(w.acked.signups > 0 && w.acked.favorites + w.acked.edits > 0, JSON.stringify(w.acked));
  } finally {
    await removeDir(dir);
  }
});

test(`kill -9 during sign-ups, favorites and profile edits, ${ROUNDS} rounds on PostgreSQL: nothing acknowledged lost, no half-created account`, { skip: !(await pgReachable()) && 'PostgreSQL not reachable' }, async () => {
  const template = await preparedPgTemplate();
  const db = await newPgDatabase(template.name);
  try {
    const w = await rounds({ DATABASE_URL: db.url }, (wl) => withPg(db.url, (c) => wl.checkDb((sql, params) => c.query(sql, params))));
    assert.ok(w.acked.signups > 0 && w.acked.favorites + w.acked.edits > 0, JSON.stringify(w.acked));
  } finally {
    await db.drop();
    await template.drop();
  }
});
