process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import type { Client } from '../test/accounts.ts';
import type { Db } from '../db/db.ts';
import { processor } from '../payments/index.ts';
import type { SandboxProcessor } from '../payments/sandbox.ts';
import { processOne, startGiftWorker, GIFT_MAX_ATTEMPTS, type WorkerOptions } from './worker.ts';
import { PURCHASE, STATUS, giftBody, guestPayment, memberWithCard, type Payment } from './test-helpers.ts';

/** docs/gifting.md 3.3: the worker fulfils each purchase once, in one transaction; refusals end in the codes of 3.9 */
forEachDb('gift worker', ({ db }) => {
  const newClient = () => testClient(appFor(db()));
  let ipN = 1;
  const fromIp = () => ({ headers: { 'x-forwarded-for': `100.98.${Math.floor(ipN / 250) % 250}.${(ipN++ % 250) + 1}` } });

  async function accept(c: Client, pay: Payment, o: Parameters<typeof giftBody>[1] = {}) {
    const body = giftBody(pay, o);
    const r = await c.post(PURCHASE, body, pay.paymentInstrumentToken ? fromIp() : undefined);
    expect(r.status, JSON.stringify(r.json)).toBe(202);
    return body.requestId;
  }
  /** runs the worker until nothing is due */
  async function drain(opts: WorkerOptions = {}) {
    for (let i = 0; i < 100; i++) if ((await processOne(db(), opts)) === 'none') return;
    throw new Error('the queue never emptied');
  }
  const purchase = async (id: string) =>
    (await db().query<{ status: string; error_code: string | null; processor_code: string | null; order_number: string | null; attempts: number; charge_id: string | null }>(
      'select status, error_code, processor_code, order_number, attempts, charge_id from gift_purchases where request_id = $1',
      [id],
    )).rows[0]!;
  const captures = async (d: Db, id: string) => Number((await d.query<{ n: string }>(`select count(*)::text as n from sandbox_charges where idempotency_key like $1`, [`gift-${id}:%`])).rows[0]!.n);

  it('fulfils a member purchase once: one capture, one eGift card per recipient (ledger sum = balance), claim tokens, mail and receipt', async () => {
    const c = newClient();
    const pay = await memberWithCard(c, db());
    const id = await accept(c, pay, { count: 2, amount: 5000, message: 'Happy birthday!' });
    await drain();
    const p = await purchase(id);
    expect(p.status).toBe('fulfilled');
    expect(p.order_number).toMatch(/^G[0-9]{11}$/);
    expect(await captures(db(), id)).toBe(1);
    const charge = await db().query<{ amount_cents: number }>('select amount_cents from sandbox_charges where charge_id = $1', [p.charge_id]);
    expect(charge.rows[0]!.amount_cents).toBe(10000);
    const cards = await db().query<{ card_id: string; kind: string; user_id: string | null; balance_cents: number; card_number: string; card_art: string; sum: string }>(
      `select c.card_id, c.kind, c.user_id, c.balance_cents, c.card_number, c.card_art, (select sum(amount_cents)::text from card_ledger l where l.card_id = c.card_id) as sum
         from gift_recipients r join stored_value_cards c on c.card_id = r.card_id where r.request_id = $1 order by r.position`,
      [id],
    );
    expect(cards.rows).toHaveLength(2);
    for (const card of cards.rows) {
      expect(card).toMatchObject({ kind: 'egift', user_id: null, balance_cents: 5000, sum: '5000' });
      expect(card.card_number).toMatch(/^8[0-9]{15}$/);
      const kinds = await db().query<{ kind: string; idempotency_key: string | null }>('select kind, idempotency_key from card_ledger where card_id = $1 order by id', [card.card_id]);
      expect(kinds.rows.map((k) => k.kind)).toEqual(['opening', 'egift_issue']);
      expect(kinds.rows[1]!.idempotency_key).toMatch(new RegExp(`^gift-${id}-[12]$`));
    }
    expect((await db().query('select 1 from gift_claim_tokens where request_id = $1', [id])).rows).toHaveLength(2);
    const mail = await db().query<{ recipient: string; kind: string; link: string | null; subject: string; body: string }>(
      `select o.recipient, o.kind, o.link, o.subject, o.body from outbox o where o.id in (select outbox_id from gift_recipients where request_id = $1) order by o.id`,
      [id],
    );
    expect(mail.rows).toHaveLength(2);
    for (const m of mail.rows) {
      expect(m.kind).toBe('egift');
      expect(m.subject).toBe('Sam Sender sent you a Harbor Coffee eGift');
      expect(m.link).toMatch(/^\/gift\/claim#[A-Za-z0-9_-]{43}$/);
      expect(m.body).toContain(m.link!);
      expect(m.body).toContain('Happy birthday!');
      expect(m.body).toContain('$50.00');
    }
    const receipt = await db().query<{ body: string }>(`select body from outbox where kind = 'egift-receipt' and recipient = 'sender@example.com' and body like $1`, [`%${p.order_number}%`]);
    expect(receipt.rows).toHaveLength(1);
    expect(receipt.rows[0]!.body).toContain('Total: $100.00');
    const s = await c.get(STATUS, { headers: { 'x-request-id': id } });
    expect(s.json).toEqual({ orderNumber: p.order_number, data: { context: { code: null, orderNumber: p.order_number } } });
    // nothing more happens on another run
    await drain();
    expect(await captures(db(), id)).toBe(1);
  });

  it('fulfils a guest purchase with the single-use card', async () => {
    const g = newClient();
    const id = await accept(g, await guestPayment(g, db()));
    await drain();
    expect((await purchase(id)).status).toBe('fulfilled');
    expect(await captures(db(), id)).toBe(1);
  });

  describe('each asynchronous code of 3.9 with its sandbox test number (nothing issued, charged nothing)', () => {
    const cases: Array<{ who: 'member' | 'guest'; number: string; code: string; processor: string }> = [
      { who: 'member', number: '4000000001210766', code: 'GIFT_PAYMENT_METHOD', processor: '121076' },
      { who: 'guest', number: '4000000001210436', code: 'GIFT_PAYMENT_METHOD', processor: '121043' },
      { who: 'member', number: '4000000000000341', code: 'GIFT_ORDER_FAILED', processor: '121048' },
      { who: 'guest', number: '4000000000000002', code: 'GIFT_ORDER_FAILED', processor: '121048' },
      { who: 'guest', number: '4100000000000019', code: 'GIFT_ORDER_FAILED', processor: '121035' },
      { who: 'member', number: '4000000001210626', code: 'GIFT_ORDER_FAILED', processor: '121062' },
      { who: 'guest', number: '4000000000000069', code: 'GIFT_EXPIRED_CARD', processor: '121044' },
      { who: 'member', number: '4000000001210758', code: 'GIFT_PLACEMENT_FAILED', processor: '121075' },
      { who: 'guest', number: '4000000001230004', code: 'GIFT_PLACEMENT_FAILED', processor: '123000' },
    ];
    const texts: Record<string, string> = {
      GIFT_PAYMENT_METHOD: "There's a problem with your payment method. Choose another one or try again.",
      GIFT_ORDER_FAILED: "Your order didn't go through and you weren't charged. Try again or use another payment method.",
      GIFT_EXPIRED_CARD: 'Your card may have expired. Choose another payment method.',
      GIFT_PLACEMENT_FAILED: "We couldn't place your order. Please try again.",
    };
    for (const t of cases) {
      it(`${t.who} ${t.number} → ${t.code} (${t.processor})`, async () => {
        const c = newClient();
        const pay = t.who === 'member' ? await memberWithCard(c, db(), t.number) : await guestPayment(c, db(), t.number);
        const id = await accept(c, pay);
        await drain();
        expect(await purchase(id)).toMatchObject({ status: 'failed', error_code: t.code, processor_code: t.processor, order_number: null });
        expect(await captures(db(), id)).toBe(0);
        expect((await db().query('select 1 from gift_recipients where request_id = $1 and card_id is not null', [id])).rows).toHaveLength(0);
        const s = await c.get(STATUS, { headers: { 'x-request-id': id } });
        expect(s.json).toEqual({ orderNumber: null, data: { context: { code: t.code, orderNumber: null, message: texts[t.code] } } });
      });
    }

    it('a guest token used up before the worker charges it → PAYMENT_TOKEN_EXPIRED; a removed method → GIFT_PAYMENT_METHOD', async () => {
      const g = newClient();
      const pay = await guestPayment(g, db());
      const id = await accept(g, pay);
      await db().query('update sandbox_vault set used_at = now() where token = $1', [pay.paymentInstrumentToken]);
      const c = newClient();
      const member = await memberWithCard(c, db());
      const id2 = await accept(c, member);
      await db().query('update payment_methods set removed_at = now() where payment_method_id = $1', [member.paymentMethodId]);
      await drain();
      expect(await purchase(id)).toMatchObject({ status: 'failed', error_code: 'PAYMENT_TOKEN_EXPIRED' });
      expect(await purchase(id2)).toMatchObject({ status: 'failed', error_code: 'GIFT_PAYMENT_METHOD' });
    });
  });

  it('a worker whose transaction dies after the charge leaves the purchase queued; the next run fulfils it once', async () => {
    const g = newClient();
    const id = await accept(g, await guestPayment(g, db()), { count: 3 });
    const out = await processOne(db(), {
      afterCharge: () => {
        throw new Error('connection lost');
      },
    });
    expect(out).toBe('retry');
    const after = await purchase(id);
    expect(after).toMatchObject({ status: 'queued', attempts: 1, order_number: null });
    expect(await captures(db(), id)).toBe(0);
    expect((await db().query('select 1 from gift_recipients where request_id = $1 and card_id is not null', [id])).rows).toHaveLength(0);
    // backed off by 2^0 s: not due yet
    expect(await processOne(db())).toBe('none');
    await db().query('update gift_purchases set not_before = now() where request_id = $1', [id]);
    await drain();
    expect((await purchase(id)).status).toBe('fulfilled');
    expect(await captures(db(), id)).toBe(1);
    // the processor saw one authorisation for the purchase's key: the retry presented the same key
    const auths = (processor() as SandboxProcessor).authorizations().filter((a) => a.idempotencyKey.startsWith(`gift-${id}:`));
    expect(auths).toHaveLength(1);
    expect((await db().query('select 1 from gift_recipients where request_id = $1 and card_id is not null', [id])).rows).toHaveLength(3);
  });

  it(`${GIFT_MAX_ATTEMPTS} unexpected failures end in GIFT_PLACEMENT_FAILED`, async () => {
    const c = newClient();
    const id = await accept(c, await memberWithCard(c, db()));
    for (let i = 0; i < GIFT_MAX_ATTEMPTS; i++) {
      await db().query(`update gift_purchases set not_before = now() where request_id = $1 and status = 'queued'`, [id]);
      expect(
        await processOne(db(), {
          afterCharge: () => {
            throw new Error('boom');
          },
        }),
      ).toBe('retry');
    }
    expect(await purchase(id)).toMatchObject({ status: 'failed', error_code: 'GIFT_PLACEMENT_FAILED', attempts: GIFT_MAX_ATTEMPTS });
    expect(await captures(db(), id)).toBe(0);
  });

  it('the running worker wakes on the purchase (LISTEN or poll) and stops cleanly', async () => {
    const fulfilled: string[] = [];
    const worker = startGiftWorker(db(), { pollMs: 200, onFulfilled: (id) => fulfilled.push(id) });
    try {
      const c = newClient();
      const id = await accept(c, await memberWithCard(c, db()));
      await worker.idle();
      expect((await purchase(id)).status).toBe('fulfilled');
      expect(fulfilled).toContain(id);
    } finally {
      await worker.stop();
    }
  });
});
