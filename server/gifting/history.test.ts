process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { processOne } from './worker.ts';
import { CLAIM, HISTORY, PURCHASE, giftBody, memberWithCard } from './test-helpers.ts';
import { createMember } from '../cards/test-helpers.ts';

/** docs/gifting.md 3.8: a member's sent gifts, newest first, paged; never another member's */
forEachDb('gift history', ({ db }) => {
  const newClient = () => testClient(appFor(db()));

  it('lists sent gifts newest first with recipients queued → sent → claimed; pages of pageSize; only the caller\'s', async () => {
    const c = newClient();
    const pay = await memberWithCard(c, db());
    const first = giftBody(pay, { count: 2, amount: 1000, message: 'First' });
    expect((await c.post(PURCHASE, first)).status).toBe(202);
    await db().query(`update gift_purchases set accepted_at = now() - interval '1 minute' where request_id = $1`, [first.requestId]);
    let r = await c.get(HISTORY);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(r.json.gifts[0]).toMatchObject({
      requestId: first.requestId,
      orderNumber: null,
      status: 'queued',
      amount: { amount: 1000, currency: 'USD' },
      totalAmount: { amount: 2000, currency: 'USD' },
      message: 'First',
      product: { productNumber: '11000001' },
      recipients: [
        { recipientName: 'Friend 1', recipientEmail: first.egifts[0]!.recipientEmail, deliveryState: 'queued' },
        { recipientName: 'Friend 2', recipientEmail: first.egifts[1]!.recipientEmail, deliveryState: 'queued' },
      ],
    });
    expect(r.json.gifts[0].product.largeImageUrl).toMatch(/^\/gift\/art\/[a-z0-9-]+\.svg$/);

    while ((await processOne(db())) !== 'none');
    const second = giftBody(pay, { amount: 5000 });
    expect((await c.post(PURCHASE, second)).status).toBe(202);
    r = await c.get(HISTORY);
    expect(r.json.total).toBe(2);
    expect(r.json.gifts.map((g: { requestId: string }) => g.requestId)).toEqual([second.requestId, first.requestId]);
    const done = r.json.gifts[1];
    expect(done.status).toBe('fulfilled');
    expect(done.orderNumber).toMatch(/^G[0-9]{11}$/);
    expect(done.recipients.map((x: { deliveryState: string }) => x.deliveryState)).toEqual(['sent', 'sent']);

    // the first recipient claims: 'claimed'
    const link = await db().query<{ link: string }>('select o.link from gift_recipients g join outbox o on o.id = g.outbox_id where g.request_id = $1 and g.position = 1', [first.requestId]);
    const friend = newClient();
    await createMember(friend);
    expect((await friend.post(CLAIM, { cashstarToken: link.rows[0]!.link.replace('/gift/claim#', '') })).status).toBe(200);
    r = await c.get(`${HISTORY}?page=2&pageSize=1`);
    expect(r.json).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(r.json.gifts).toHaveLength(1);
    expect(r.json.gifts[0].recipients.map((x: { deliveryState: string }) => x.deliveryState)).toEqual(['claimed', 'sent']);

    // the recipient (another member) sees none of the sender's gifts
    const theirs = await friend.get(HISTORY);
    expect(theirs.json).toMatchObject({ gifts: [], total: 0 });
  });

  it('a failed purchase is listed as failed with no recipients', async () => {
    const c = newClient();
    const pay = await memberWithCard(c, db(), '4000000000000341');
    const body = giftBody(pay, { count: 2 });
    expect((await c.post(PURCHASE, body)).status).toBe(202);
    while ((await processOne(db())) !== 'none');
    const r = await c.get(HISTORY);
    expect(r.json.gifts).toHaveLength(1);
    expect(r.json.gifts[0]).toMatchObject({ requestId: body.requestId, status: 'failed', orderNumber: null, recipients: [] });
  });

  it('guests get 401; bad paging is 400', async () => {
    const g = newClient();
    const r = await g.get(HISTORY);
    expect(r.status).toBe(401);
    const c = newClient();
    await createMember(c);
    for (const q of ['page=0', 'pageSize=21', 'page=x']) {
      const bad = await c.get(`${HISTORY}?${q}`);
      expect(bad.status, q).toBe(400);
      expect(bad.json.code).toBe('BAD_REQUEST');
    }
  });
});
