process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { appFor, forEachDb, testClient, until } from '../test/db.ts';
import { signIn } from '../test/accounts.ts';
import { DEMO_PASSWORD } from '../db/seed/users.ts';
import { productNo } from './test-helpers.ts';
import { hubFor, type StreamHub } from './stream.ts';
import { openSseStream } from '../test/sse.ts';

/**
 * docs/order-status.md 3.5 (issue 29 "staff only"): the hub re-checks the holder of an open console stream. A staff
 * row removed while the stream is open: the next store event is not delivered to it, the stream ends with
 * ': staff access ended' (the client reconnects and meets 403). A signed-out session: ended by the periodic re-check
 * with no event at all. Another barista's stream of the same store keeps its events.
 */
type App = ReturnType<typeof appFor>;
type C = ReturnType<typeof testClient>;
const STORE = '10003';

async function staff(app: App, email: string): Promise<C> {
  const c = testClient(app);
  const r = await signIn(c, email, DEMO_PASSWORD);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return c;
}

/** the store stream over app.request with the client's cookies (server/test/sse.ts); `ready` resolves with the status */
function openStoreStream(app: App, c: C) {
  const cookie = [...c.jar].map(([k, val]) => `${k}=${val}`).join('; ');
  const s = openSseStream(app, `/apiproxy/v1/store/${STORE}/events`, { cookie });
  return { ready: s.ready.then((r) => r.status), frames: s.frames, ended: s.done, stock: () => s.frames.filter((f) => f.event === 'stock').length, close: s.close };
}

forEachDb('console stream: staff re-checked at each event', ({ db: getDb }) => {
  let db: Db;
  let app: App;
  let hub: StreamHub;
  beforeAll(async () => {
    db = getDb();
    // no periodic re-check within the test: only the re-check that gates each event can end the stream
    hub = hubFor(db, { staffRecheckMs: 600_000, sweepMs: 600_000 });
    app = appFor(db);
  });
  afterAll(async () => {
    await hub.stop();
  });

  it('a removed staff row ends the open stream before the next event reaches it; the other barista keeps streaming', async () => {
    const lead = await staff(app, 'lead.10003@example.com');
    const barista = await staff(app, 'barista.10003@example.com');
    const revoked = openStoreStream(app, lead);
    const kept = openStoreStream(app, barista);
    expect([await revoked.ready, await kept.ready]).toEqual([200, 200]);
    const latte = productNo('Caffè Latte');
    expect((await barista.put(`/apiproxy/v1/store/${STORE}/stock/${latte}`, { soldOut: true })).status).toBe(200);
    expect(await until(() => revoked.stock() === 1 && kept.stock() === 1)).toBe(true);

    const leadId = (await db.query<{ id: string }>(`select id from users where email = 'lead.10003@example.com'`)).rows[0]!.id;
    await db.query('delete from staff_members where user_id = $1 and short_number = $2', [leadId, STORE]);
    try {
      expect((await barista.put(`/apiproxy/v1/store/${STORE}/stock/${latte}`, { soldOut: false })).status).toBe(200);
      expect(await until(() => revoked.ended() && kept.stock() === 2)).toBe(true);
      expect(revoked.stock()).toBe(1); // the event after the removal never reached it
      expect(revoked.frames.at(-1)?.comment).toBe('staff access ended');
      expect(kept.ended()).toBe(false);
      // reconnecting: 403 (the console shows 'This console is for the staff of this store.')
      expect(await openStoreStream(app, lead).ready).toBe(403);
    } finally {
      await db.query(`insert into staff_members (user_id, short_number, role) values ($1, $2, 'lead') on conflict do nothing`, [leadId, STORE]);
      kept.close();
      revoked.close();
    }
  });

});

forEachDb('console stream: staff re-checked periodically', ({ db: getDb }) => {
  let db: Db;
  let app: App;
  let hub: StreamHub;
  beforeAll(async () => {
    db = getDb();
    // a short periodic re-check, so the signed-out case ends without an event (production: 15 s)
    hub = hubFor(db, { staffRecheckMs: 200, sweepMs: 600_000 });
    app = appFor(db);
  });
  afterAll(async () => {
    await hub.stop();
  });

  it('a signed-out session ends its open stream within the periodic re-check, with no event', async () => {
    const barista = await staff(app, 'barista.10003@example.com');
    const other = await staff(app, 'barista.10003@example.com');
    const s = openStoreStream(app, barista);
    const kept = openStoreStream(app, other);
    expect([await s.ready, await kept.ready]).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 500)); // two re-checks pass: both still open
    expect([s.ended(), kept.ended()]).toEqual([false, false]);
    expect((await barista.post('/apiproxy/v1/account/signout', {})).status).toBe(200);
    expect(await until(() => s.ended(), 2000)).toBe(true);
    expect(s.frames.at(-1)?.comment).toBe('staff access ended');
    expect(kept.ended()).toBe(false);
    kept.close();
  });
});
