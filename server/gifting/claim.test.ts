process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import type { Client } from '../test/accounts.ts';
import { createMember } from '../cards/test-helpers.ts';
import { processOne } from './worker.ts';
import { egiftSecurityCode } from './claim.ts';
import { CLAIM, PURCHASE, TOKEN_INFO, giftBody, memberWithCard } from './test-helpers.ts';

/** docs/gifting.md 3.5: the claim link gives the card to one member, once */
forEachDb('eGift claim', ({ db, backend }) => {
  const newClient = () => testClient(appFor(db()));

  /** a fulfilled purchase to `count` recipients; answers the claim tokens from the mail links */
  async function sentGift(count = 1): Promise<{ tokens: string[]; requestId: string }> {
    const c = newClient();
    const body = giftBody(await memberWithCard(c, db()), { count });
    expect((await c.post(PURCHASE, body)).status).toBe(202);
    while ((await processOne(db())) !== 'none');
    const links = await db().query<{ link: string }>('select o.link from gift_recipients r join outbox o on o.id = r.outbox_id where r.request_id = $1 order by r.position', [body.requestId]);
    expect(links.rows).toHaveLength(count);
    return { tokens: links.rows.map((l) => l.link.replace('/gift/claim#', '')), requestId: body.requestId };
  }
  async function member(): Promise<Client> {
    const c = newClient();
    await createMember(c);
    return c;
  }

  it('the link shows the unclaimed card (number, code, balance); the claim moves it to the member; then both answer 409', async () => {
    const { tokens, requestId } = await sentGift();
    const token = tokens[0]!;
    const c = await member();
    const info = await c.post(TOKEN_INFO, { cashstarToken: token });
    expect(info.status, JSON.stringify(info.json)).toBe(200);
    expect(info.json).toMatchObject({ balance: { amount: 2500, currency: 'USD' }, registered: false });
    expect(info.json.cardNumber).toMatch(/^8[0-9]{15}$/);
    const cardId = (await db().query<{ card_id: string }>('select card_id from stored_value_cards where card_number = $1', [info.json.cardNumber])).rows[0]!.card_id;
    expect(info.json.securityCode).toBe(await egiftSecurityCode(db(), cardId));
    expect(info.json.securityCode).toMatch(/^[0-9]{8}$/);

    const claimed = await c.post(CLAIM, { cashstarToken: token });
    expect(claimed.status, JSON.stringify(claimed.json)).toBe(200);
    expect(claimed.json.card).toMatchObject({ cardId, kind: 'egift', lastFour: info.json.cardNumber.slice(-4), balance: { amount: 2500 } });
    expect(claimed.json.card.cardImageUrl).toMatch(/^\/gift\/art\/[a-z0-9-]+\.svg$/);
    expect(JSON.stringify(claimed.json)).not.toContain(info.json.cardNumber);
    const list = await c.get('/apiproxy/v1/account/cards');
    expect(list.json.cards.map((x: { cardId: string }) => x.cardId)).toContain(cardId);
    const detail = await c.get(`/apiproxy/v1/account/cards/${cardId}`);
    expect(detail.json.card.balance.amount).toBe(2500);
    expect((await db().query('select claimed_at from gift_recipients where request_id = $1 and claimed_at is not null', [requestId])).rows).toHaveLength(1);

    const again = await c.post(CLAIM, { cashstarToken: token });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'GIFT_ALREADY_CLAIMED', message: 'This gift has already been claimed.' });
    const infoAfter = await (await member()).post(TOKEN_INFO, { cashstarToken: token });
    expect(infoAfter.status).toBe(409);
    expect(infoAfter.json.code).toBe('GIFT_ALREADY_CLAIMED');
    expect(infoAfter.text).not.toContain(info.json.cardNumber);
  });

  it('an unknown token is 121000 for both calls; guests are 401; the sandbox link keeps its answer', async () => {
    const c = await member();
    for (const path of [CLAIM, TOKEN_INFO]) {
      const r = await c.post(path, { cashstarToken: 'no-such-gift-token-123' });
      expect(r.status).toBe(422);
      expect(r.json.code).toBe('121000');
      expect((await newClient().post(path, { cashstarToken: 'no-such-gift-token-123' })).status).toBe(401);
    }
    const sandbox = await c.post(TOKEN_INFO, { cashstarToken: 'sandbox-egift-0211' });
    expect(sandbox.status).toBe(200);
    expect(sandbox.json.cardNumber).toBe('6000100000000211');
  });

  if (backend === 'postgres') {
    it('10 parallel claims of one gift (10 members) → 1 card, 9 × 409', async () => {
      const { tokens } = await sentGift();
      const members = await Promise.all(Array.from({ length: 10 }, () => member()));
      const answers = await Promise.all(members.map((m) => m.post(CLAIM, { cashstarToken: tokens[0] })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).map((a) => a.json.code)).toEqual(Array(9).fill('GIFT_ALREADY_CLAIMED'));
      const cardId = answers.find((a) => a.status === 200)!.json.card.cardId;
      const owners = await db().query<{ user_id: string | null }>('select user_id from stored_value_cards where card_id = $1', [cardId]);
      expect(owners.rows[0]!.user_id).not.toBeNull();
      expect((await db().query(`select 1 from card_ledger where card_id = $1 and kind = 'opening' and user_id is not null`, [cardId])).rows).toHaveLength(1);
    });
  }
});
