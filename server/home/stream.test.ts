process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
import { createApp } from '../app.ts';
import { setNow } from '../clock.ts';
import { cards, createMember, freeCard, newKey, registerCharge, saveCard } from '../cards/test-helpers.ts';
import { item, op, priceInput, sku, submitInput } from '../ordering/test-helpers.ts';
import { grantStars } from '../rewards/stars.ts';
import { expiresAt } from '../../contracts/rewards.ts';
import { GuestStreamItemsAnswer, StreamItemsAnswer, type OnboardingStreamItem, type StreamItem } from '../../contracts/home.ts';
import { createStreamService, type StreamService } from './stream.ts';
import { ONBOARDING_CARD_HEADER } from './onboarding.ts';

/**
 * docs/home.md 3 and 5 ("304 and 206 by server tests"): the stream-items calls against both databases: each source
 * from real data (coupons and Star expiry from the rewards programme, tier, onboarding from real orders, register
 * purchases and reloads, editorial rows), 304 on modifiedSince, 206 when a source fails or is slow, expired items
 * dropped, one member never seeing another's items, and every bad query a 400 naming its parameter.
 */
afterEach(() => setNow(null));

type C = ReturnType<typeof testClient>;
const ALL = 'coupon,rewardPointsExpiration,information,onboarding,content';
const STREAM = '/apiproxy/v1/stream-items';
const GUEST = '/apiproxy/v1/unauth/stream-items';
const q = (o: { types?: string; since?: string; locale?: string } = {}) =>
  `?${new URLSearchParams({ locale: o.locale ?? 'en-US', streamItemTypes: o.types ?? ALL, streamItemStatus: 'active', ...(o.since ? { modifiedSince: o.since } : {}) })}`;

async function stream(c: C, o: { types?: string; since?: string } = {}) {
  const r = await c.get(STREAM + q(o));
  if (r.status === 200 || r.status === 206) v.parse(StreamItemsAnswer, r.json);
  const json: StreamItemsAnswer = r.json;
  return { status: r.status, text: r.text, headers: r.headers, json };
}
const onboardingOf = (items: StreamItem[]) => items.find((i): i is OnboardingStreamItem => i.streamItemType === 'onboarding');
const task = (items: StreamItem[], name: string) => onboardingOf(items)?.onboardingContent.items.find((t) => t.task.name === name);
const ids = (items: StreamItem[]) => items.map((i) => i.streamItemId);
const userIdOf = async (db: Db, email: string) => (await db.query<{ id: string }>('select id from users where email_normalized = lower($1)', [email])).rows[0]!.id;

/** a member signed in on a new client (a digital card, $0, from account creation) */
async function member(db: Db, app = appFor(db)) {
  const c = testClient(app);
  const email = await createMember(c);
  return { c, email, id: await userIdOf(db, email) };
}

/** a web order paid by a saved credit card (tender CREDIT_CARD): the first one completes MOP */
async function placeOrder(c: C) {
  const method = await saveCard(c);
  const items = [item(sku('Pike Place Roast', 'tall'))];
  const quote = await op(c, 'price-order', priceInput('10003', items));
  expect(quote.json.errors, JSON.stringify(quote.json.errors)).toBeUndefined();
  const placed = await op(c, 'submit-order', submitInput(quote.data.orderId, '10003', { tender: 'CREDIT_CARD', id: method.paymentMethodId, amount: quote.data.summary.price }));
  expect(placed.json.errors, JSON.stringify(placed.json.errors)).toBeUndefined();
  return quote.data.orderId as string;
}

/** a free seeded physical card of at least $5 registered to the member on `c` */
async function registerCard(c: C) {
  let card = freeCard();
  while (card.balance < 500) card = freeCard();
  const r = await c.post('/apiproxy/v1/account/cards/add', { cardNumber: card.number, securityCode: card.pin });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.card as { cardId: string };
}

const failing = (sources: Parameters<typeof createStreamService>[0]) => (db: Db) => createApp({ db, config: testConfig(), stream: createStreamService(sources) } as Parameters<typeof createApp>[0] & { stream: StreamService });
const withGuestStream = (db: Db, on: boolean) => createApp({ db, config: { ...testConfig(), home: { unauthStreamEnabled: on, streamItemTypes: ALL.split(',') } } as ReturnType<typeof testConfig> });

forEachDb('home stream: GET /stream-items', ({ db }) => {
  it('a guest gets 401 and no body of items', async () => {
    const r = await testClient(appFor(db())).get(STREAM + q());
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('UNAUTHORIZED');
  });

  it('a new member: onboarding (nothing completed, digital card $0), the Green tier item, the live editorial items by rank; the ended one dropped', async () => {
    const m = await member(db());
    const r = await stream(m.c);
    expect(r.status).toBe(200);
    expect(r.headers.get('last-modified')).toBe(new Date(r.json.lastModified).toUTCString());
    const items = r.json.streamItems;
    expect(items.map((i) => i.rank)).toEqual([...items.map((i) => i.rank)].sort((a, b) => a - b));
    const onboarding = onboardingOf(items)!;
    expect(onboarding.rank).toBe(10);
    expect(onboarding.onboardingStatus).toBe('active');
    expect(onboarding.onboardingContent.cardheader).toBe(ONBOARDING_CARD_HEADER);
    expect(onboarding.onboardingContent.initialRegisteredCardBalance).toBe(0);
    expect(onboarding.onboardingContent.items.map((t) => [t.task.name, t.task.completedOn, t.task.displayOrder, t.seen])).toEqual([
      ['MOP', null, 1, false],
      ['Purchase', null, 2, false],
      ['SvcReload', null, 3, false],
    ]);
    const tier = items.find((i) => i.streamItemId === 'tier:green');
    expect(tier).toMatchObject({ streamItemType: 'information', rank: 40, endDate: null, information: { segmentation: { tiers: [{ tierId: 1 }] } }, content: { item: { title: 'Your Green Status' } } });
    expect(ids(items)).toEqual(expect.arrayContaining(['content:member-oatmilk-latte', 'content:member-double-stars', 'content:member-green-news', 'content:member-gold-news', 'content:member-no-body']));
    expect(ids(items)).not.toContain('content:member-ended-2024');
    // the server sends what the client filters (tiers [1], no body); the CTA fields travel as seeded
    expect(items.find((i) => i.streamItemId === 'content:member-green-news')).toMatchObject({ information: { segmentation: { tiers: [{ tierId: 1 }] } } });
    expect(items.find((i) => i.streamItemId === 'content:member-double-stars')).toMatchObject({ legalfooter: expect.stringContaining('24 hours'), content: { item: { enablecalltoaction: true, calltoactiontext: '' } } });
    // no Stars: no expiry item
    expect(items.some((i) => i.streamItemType === 'rewardPointsExpiration')).toBe(false);
  });

  it('304 when nothing changed since modifiedSince (no body); 200 with an earlier modifiedSince; the same lastModified on a repeat call', async () => {
    const m = await member(db());
    const first = await stream(m.c);
    expect(first.status).toBe(200);
    const again = await stream(m.c);
    expect(again.json.lastModified).toBe(first.json.lastModified);
    const not = await m.c.get(STREAM + q({ since: first.json.lastModified }));
    expect(not.status).toBe(304);
    expect(not.text).toBe('');
    const later = await m.c.get(STREAM + q({ since: new Date(Date.parse(first.json.lastModified) + 60_000).toISOString() }));
    expect(later.status).toBe(304);
    const earlier = await stream(m.c, { since: new Date(Date.parse(first.json.lastModified) - 1).toISOString() });
    expect(earlier.status).toBe(200);
    expect(earlier.json.streamItems).toEqual(first.json.streamItems);
  });

  it('MOP completes with the first web order (its placed_at); the stream is then a 200 with a newer lastModified', async () => {
    const m = await member(db());
    const before = await stream(m.c);
    const orderId = await placeOrder(m.c);
    const placedAt = (await db().query<{ placed_at: Date }>('select placed_at from orders where order_id = $1', [orderId])).rows[0]!.placed_at;
    const after = await stream(m.c, { since: before.json.lastModified });
    expect(after.status).toBe(200);
    expect(Date.parse(after.json.lastModified)).toBeGreaterThan(Date.parse(before.json.lastModified));
    expect(task(after.json.streamItems, 'MOP')!.task.completedOn).toBe(new Date(placedAt).toISOString());
    expect(task(after.json.streamItems, 'Purchase')!.task.completedOn).toBeNull();
    // a second order does not move the first completion
    await placeOrder(m.c);
    expect(task((await stream(m.c)).json.streamItems, 'MOP')!.task.completedOn).toBe(new Date(placedAt).toISOString());
  });

  it('a cancelled first order does not complete MOP', async () => {
    const m = await member(db());
    const orderId = await placeOrder(m.c);
    await db().query(`update orders set status = 'cancelled', cancelled_at = now() where order_id = $1`, [orderId]);
    expect(task((await stream(m.c)).json.streamItems, 'MOP')!.task.completedOn).toBeNull();
  });

  it('Purchase completes with the register charging the card in store (not with an order paid by the card); SvcReload with a reload', async () => {
    const m = await member(db());
    const card = await registerCard(m.c);
    // an order paid by the stored-value card is a charge an order names: not an in-store purchase
    const items = [item(sku('Pike Place Roast', 'tall'))];
    const quote = await op(m.c, 'price-order', priceInput('10003', items));
    const paid = await op(m.c, 'submit-order', submitInput(quote.data.orderId, '10003', { tender: 'SVC', id: card.cardId, amount: quote.data.summary.price }));
    expect(paid.json.errors, JSON.stringify(paid.json.errors)).toBeUndefined();
    let s = (await stream(m.c)).json.streamItems;
    expect(task(s, 'MOP')!.task.completedOn).not.toBeNull();
    expect(task(s, 'Purchase')!.task.completedOn).toBeNull();
    expect(task(s, 'SvcReload')!.task.completedOn).toBeNull();

    const charged = await registerCharge(m.c, card.cardId, 100);
    expect(charged.status, JSON.stringify(charged.json)).toBe(200);
    const row = (await db().query<{ created_at: Date }>(`select created_at from card_ledger where card_id = $1 and kind = 'charge' and description = 'In-store purchase'`, [card.cardId])).rows[0]!;
    s = (await stream(m.c)).json.streamItems;
    expect(task(s, 'Purchase')!.task.completedOn).toBe(new Date(row.created_at).toISOString());
    expect(onboardingOf(s)!.onboardingStatus).toBe('complete');

    const method = await saveCard(m.c);
    const reload = await m.c.post(`/apiproxy/v1/account/cards/${card.cardId}/reload`, { amount: 2500, paymentMethodId: method.paymentMethodId, idempotencyKey: newKey() });
    expect(reload.status, JSON.stringify(reload.json)).toBe(200);
    expect(task((await stream(m.c)).json.streamItems, 'SvcReload')!.task.completedOn).not.toBeNull();
  });

  it('initialRegisteredCardBalance: the first card at registration, in dollars (a registered physical card keeps its first balance after later spending)', async () => {
    const c = testClient(appFor(db()));
    let card = freeCard();
    while (card.balance < 500) card = freeCard();
    const created = await c.post(
      '/apiproxy/v1/account/create',
      { firstName: 'Casey', lastName: 'Rivera', emailAddress: `home.${randomBytes(5).toString('hex')}@example.com`, password: 'Lantern-Harbor-93', termsAndConditions: true, cardRewards: 'registerCard', registerCardNumber: card.number, registerCardPin: card.pin },
      { headers: { 'x-forwarded-for': `100.97.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250 + 1}` } },
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const [own] = await cards(c);
    expect((await registerCharge(c, own!.cardId, 100)).status).toBe(200);
    const onboarding = onboardingOf((await stream(c)).json.streamItems)!;
    expect(onboarding.onboardingContent.initialRegisteredCardBalance).toBe(card.balance / 100);
  });

  it('star expiry: the soonest lot expiring within 60 days, with the balance as rewardPointsTotal; none when the next expiry is further', async () => {
    const m = await member(db());
    const at = new Date();
    const early = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 6, 15));
    await db().transaction((tx) => grantStars(tx, { userId: m.id, stars: 10, kind: 'adjustment', description: 'test', earnedAt: early, at }));
    await db().transaction((tx) => grantStars(tx, { userId: m.id, stars: 30, kind: 'adjustment', description: 'test', earnedAt: at, at }));
    const s = (await stream(m.c)).json.streamItems;
    const expiry = s.find((i) => i.streamItemType === 'rewardPointsExpiration');
    expect(expiry).toMatchObject({
      streamItemId: `stars-expiry:${expiresAt(early).toISOString().slice(0, 10)}`,
      rank: 20,
      endDate: expiresAt(early).toISOString(),
      rewardPointsExpiration: { rewardPointsTotal: 40, nextRewardPointsExpirationEvent: { rewardPointsExpirationEvent: { rewardPoints: 10, expirationDate: expiresAt(early).toISOString() } } },
    });

    const other = await member(db());
    await db().transaction((tx) => grantStars(tx, { userId: other.id, stars: 30, kind: 'adjustment', description: 'test', earnedAt: at, at }));
    expect((await stream(other.c)).json.streamItems.some((i) => i.streamItemType === 'rewardPointsExpiration')).toBe(false);
    // past the first lot's expiry: the 10 Stars are gone, the 30 expire more than 60 days later: no item
    setNow(new Date(expiresAt(early).getTime() + 1000));
    const after = (await stream(m.c)).json.streamItems;
    expect(after.some((i) => i.streamItemType === 'rewardPointsExpiration')).toBe(false);
  });

  it('coupons: a granted reward while usable (status Available, its dates); once expired it is dropped and the stream changed', async () => {
    const m = await member(db());
    const at = new Date();
    const expires = new Date(at.getTime() + 3600_000);
    await db().query(`insert into member_rewards (reward_id, user_id, offer_code, source, source_ref, granted_at, expires_at) values ($1, $2, 'PROMOLATTE', 'promo', 'home-test', $3, $4)`, [
      `mr_${randomBytes(6).toString('hex')}`,
      m.id,
      new Date(at.getTime() - 86_400_000),
      expires,
    ]);
    const first = await stream(m.c);
    const coupon = first.json.streamItems.find((i) => i.streamItemType === 'coupon' && i.rewardsCoupon.coupon.couponCode === 'PROMOLATTE');
    expect(coupon).toMatchObject({
      fill: { type: 'rewardsCoupon' },
      endDate: expires.toISOString(),
      rewardsCoupon: { coupon: { status: 'Available', expirationDate: expires.toISOString(), expirationDateOnly: expires.toISOString().slice(0, 10) } },
    });
    expect(coupon!.rank).toBeGreaterThanOrEqual(30);
    setNow(new Date(expires.getTime() + 1));
    const later = await stream(m.c, { since: first.json.lastModified });
    expect(later.status).toBe(200);
    expect(later.json.streamItems.some((i) => i.streamItemType === 'coupon' && i.rewardsCoupon.coupon.couponCode === 'PROMOLATTE')).toBe(false);
  });

  it("another member's orders, purchases, Stars and coupons never show in a member's stream", async () => {
    const a = await member(db());
    await placeOrder(a.c);
    const card = await registerCard(a.c);
    expect((await registerCharge(a.c, card.cardId, 100)).status).toBe(200);
    const at = new Date();
    await db().transaction((tx) => grantStars(tx, { userId: a.id, stars: 10, kind: 'adjustment', description: 'test', earnedAt: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 6, 15)), at }));
    await db().query(`insert into member_rewards (reward_id, user_id, offer_code, source, source_ref, granted_at, expires_at) values ($1, $2, 'PROMOLATTE', 'promo', 'home-other', $3, $4)`, [`mr_${randomBytes(6).toString('hex')}`, a.id, at, new Date(at.getTime() + 86_400_000)]);
    const aItems = (await stream(a.c)).json.streamItems;
    expect(task(aItems, 'MOP')!.task.completedOn).not.toBeNull();

    const b = await member(db());
    const bItems = (await stream(b.c)).json.streamItems;
    expect(onboardingOf(bItems)!.onboardingContent.items.map((t) => t.task.completedOn)).toEqual([null, null, null]);
    expect(bItems.some((i) => i.streamItemType === 'rewardPointsExpiration')).toBe(false);
    expect(bItems.some((i) => i.streamItemType === 'coupon' && i.rewardsCoupon.coupon.couponCode === 'PROMOLATTE')).toBe(false);
    // the seen call acts on the caller only
    expect((await b.c.put(`${STREAM}/onboarding/seen`, { tasks: ['MOP'] })).status).toBe(409);
  });

  it('streamItemTypes: only the types asked for (content only: no onboarding, tier, information rows)', async () => {
    const m = await member(db());
    const r = await stream(m.c, { types: 'content' });
    expect(r.status).toBe(200);
    expect(new Set(r.json.streamItems.map((i) => i.streamItemType))).toEqual(new Set(['content']));
    const info = await stream(m.c, { types: 'information,onboarding' });
    expect(new Set(info.json.streamItems.map((i) => i.streamItemType))).toEqual(new Set(['information', 'onboarding']));
  });

  it('206: a failing source gives the others\' items, partial: true, failedSources named; its lastModified never earns a 304', async () => {
    const m = await member(db(), failing({ sources: { coupons: () => Promise.reject(new Error('coupons down')) } })(db()));
    const r = await stream(m.c);
    expect(r.status).toBe(206);
    expect(r.json.partial).toBe(true);
    expect(r.json.failedSources).toEqual(['coupons']);
    expect(ids(r.json.streamItems)).toEqual(expect.arrayContaining(['onboarding', 'tier:green', 'content:member-oatmilk-latte']));
    // the same member on the real service, with the partial answer's lastModified: a full 200
    const c2 = testClient(appFor(db()));
    c2.jar.clear();
    for (const [k, val] of m.c.jar) c2.jar.set(k, val);
    const full = await stream(c2, { since: r.json.lastModified });
    expect(full.status).toBe(200);
    expect(full.json.partial).toBeUndefined();
    // and a partial answer is never a 304, even with the full answer's lastModified
    const again = await stream(m.c, { since: full.json.lastModified });
    expect(again.status).toBe(206);
  });

  it('206: a source over the timeout is dropped as failed', async () => {
    // the rewards sources stubbed fast, so only the editorial one (2.5 s) passes the 1 s timeout on a loaded machine
    const none = async () => [];
    const slow = failing({ sources: { coupons: none, starExpiry: none, tier: none, editorial: () => new Promise((resolve) => setTimeout(() => resolve([]), 2500)) } });
    const m = await member(db(), slow(db()));
    const r = await stream(m.c);
    expect(r.status).toBe(206);
    expect(r.json.failedSources).toEqual(['editorial']);
    expect(ids(r.json.streamItems)).toContain('onboarding');
    expect(ids(r.json.streamItems).some((id) => id.startsWith('content:'))).toBe(false);
  });

  it('20 concurrent reads leave one version row; modified_at never goes back when the digest changes under concurrency', async () => {
    const m = await member(db());
    const service = createStreamService();
    const query = (types: string[]) => ({ streamItemTypes: types as ('content' | 'onboarding')[], modifiedSince: undefined });
    const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => service.memberStream(db(), m.id, query(i % 2 ? ['content'] : ['onboarding']), new Date())));
    expect(runs.every((r) => r.status === 200)).toBe(true);
    const rows = (await db().query<{ modified_at: Date }>('select modified_at from stream_versions where user_id = $1', [m.id])).rows;
    expect(rows).toHaveLength(1);
    const latest = Math.max(...runs.map((r) => r.lastModified.getTime()));
    expect(new Date(rows[0]!.modified_at).getTime()).toBe(latest);
    // with a fixed clock, a change within the same millisecond still moves lastModified forward
    const fixed = new Date();
    const a = await service.memberStream(db(), m.id, query(['content']), fixed);
    const b = await service.memberStream(db(), m.id, query(['onboarding']), fixed);
    expect(b.lastModified.getTime()).toBeGreaterThan(a.lastModified.getTime());
  });

  describe('bad queries: 400 BAD_REQUEST naming the parameter, nothing written', () => {
    it.each([
      ['locale missing', '?streamItemTypes=coupon&streamItemStatus=active', 'locale'],
      ['locale unknown', '?locale=xx-XX&streamItemTypes=coupon&streamItemStatus=active', 'locale'],
      ['streamItemTypes missing', '?locale=en-US&streamItemStatus=active', 'streamItemTypes'],
      ['streamItemTypes unknown type', '?locale=en-US&streamItemTypes=coupon,bogus&streamItemStatus=active', 'streamItemTypes'],
      ['streamItemTypes empty', '?locale=en-US&streamItemTypes=&streamItemStatus=active', 'streamItemTypes'],
      ['streamItemStatus missing', '?locale=en-US&streamItemTypes=coupon', 'streamItemStatus'],
      ['streamItemStatus not active', '?locale=en-US&streamItemTypes=coupon&streamItemStatus=expired', 'streamItemStatus'],
      ['modifiedSince not a time', '?locale=en-US&streamItemTypes=coupon&streamItemStatus=active&modifiedSince=yesterday', 'modifiedSince'],
      ['modifiedSince a date only', '?locale=en-US&streamItemTypes=coupon&streamItemStatus=active&modifiedSince=2026-11-01', 'modifiedSince'],
    ])('%s', async (_name, query, field) => {
      const m = await member(db());
      const r = await m.c.get(STREAM + query);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: 'BAD_REQUEST', field });
      expect(r.json.message).toMatch(new RegExp(`^${field}: `));
      expect((await db().query('select 1 from stream_versions where user_id = $1', [m.id])).rows).toHaveLength(0);
      // the same for guests on the unauthenticated stream
      const g = await testClient(withGuestStream(db(), true)).get(GUEST + query);
      expect(g.status).toBe(400);
      expect(g.json.field).toBe(field);
    });
  });
});

forEachDb('home stream: PUT /stream-items/onboarding/seen', ({ db }) => {
  it('409 TASK_NOT_COMPLETE for an open task; after the first order MOP is seen once (idempotent), and the stream changes', async () => {
    const m = await member(db());
    const open = await m.c.put(`${STREAM}/onboarding/seen`, { tasks: ['MOP'] });
    expect(open.status).toBe(409);
    expect(open.json).toMatchObject({ code: 'TASK_NOT_COMPLETE', field: 'tasks', task: 'MOP', message: 'MOP is not completed yet.' });
    await placeOrder(m.c);
    const before = await stream(m.c);
    expect(task(before.json.streamItems, 'MOP')!.seen).toBe(false);
    const seen = await m.c.put(`${STREAM}/onboarding/seen`, { tasks: ['MOP'] });
    expect(seen.status).toBe(200);
    expect(seen.json.seen).toEqual([{ task: 'MOP', seenAt: expect.any(String) }]);
    const twice = await m.c.put(`${STREAM}/onboarding/seen`, { tasks: ['MOP'] });
    expect(twice.json.seen).toEqual(seen.json.seen);
    const after = await stream(m.c, { since: before.json.lastModified });
    expect(after.status).toBe(200);
    expect(task(after.json.streamItems, 'MOP')!.seen).toBe(true);
    // Purchase still open: the item stays
    expect(onboardingOf(after.json.streamItems)).toBeDefined();
  });

  it('MOP and Purchase both seen: no onboarding item any more', async () => {
    const m = await member(db());
    await placeOrder(m.c);
    const card = await registerCard(m.c);
    expect((await registerCharge(m.c, card.cardId, 100)).status).toBe(200);
    expect((await m.c.put(`${STREAM}/onboarding/seen`, { tasks: ['MOP', 'Purchase'] })).status).toBe(200);
    expect(onboardingOf((await stream(m.c)).json.streamItems)).toBeUndefined();
  });

  it.each([
    ['SvcReload (never shown)', { tasks: ['SvcReload'] }],
    ['no task', { tasks: [] }],
    ['a duplicate', { tasks: ['MOP', 'MOP'] }],
    ['an unknown key', { tasks: ['MOP'], userId: 'someone' }],
    ['not a list', { tasks: 'MOP' }],
  ])('400 for %s; nothing written', async (_name, body) => {
    const m = await member(db());
    await placeOrder(m.c);
    const r = await m.c.put(`${STREAM}/onboarding/seen`, body);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('BAD_REQUEST');
    expect((await db().query('select 1 from onboarding_tasks_seen where user_id = $1', [m.id])).rows).toHaveLength(0);
  });

  it('401 for a guest; 403 without the CSRF token', async () => {
    expect((await testClient(appFor(db())).put(`${STREAM}/onboarding/seen`, { tasks: ['MOP'] })).status).toBe(401);
    const m = await member(db());
    await placeOrder(m.c);
    const r = await m.c.put(`${STREAM}/onboarding/seen`, { tasks: ['MOP'] }, { csrf: false });
    expect(r.status).toBe(403);
    expect((await db().query('select 1 from onboarding_tasks_seen where user_id = $1', [m.id])).rows).toHaveLength(0);
  });
});

forEachDb('home stream: GET /unauth/stream-items', ({ db }) => {
  it('404 NOT_FOUND when the unauthenticated stream is off (the default)', async () => {
    const r = await testClient(appFor(db())).get(GUEST + q());
    expect(r.status).toBe(404);
    expect(r.json.code).toBe('NOT_FOUND');
    expect((await testClient(withGuestStream(db(), false)).get(GUEST + q())).status).toBe(404);
  });

  it('on: the live guest items in the guest shape by rank (the ended one dropped); 304 on modifiedSince; an edit makes it a 200', async () => {
    const c = testClient(withGuestStream(db(), true));
    const r = await c.get(GUEST + q());
    expect(r.status).toBe(200);
    const body = v.parse(GuestStreamItemsAnswer, r.json);
    expect(body.streamItems.map((i) => i.id)).toEqual(['guest-order-ahead', 'guest-join-rewards', 'guest-rewards-carousel']);
    expect(body.streamItems[0]).toMatchObject({ typeName: 'content', content: { title: 'Order ahead, skip the line', callToAction: { Type: 'Link', Link: '/menu', enable: true } }, metadata: { endDate: null, overrideRank: 10 } });
    expect(body.streamItems[1]!.content.callToAction!.Type).toBe('Deeplink');
    expect(body.streamItems[2]!.content.carouselItem).toHaveLength(3);
    expect(r.headers.get('last-modified')).toBe(new Date(body.lastModified).toUTCString());

    const not = await c.get(GUEST + q({ since: body.lastModified }));
    expect(not.status).toBe(304);
    expect(not.text).toBe('');
    await db().query(`update stream_content set item = item || '{"body": "Order on the web, pick it up when ready."}'::jsonb, updated_at = now() where content_id = 'guest-order-ahead'`);
    const changed = await c.get(GUEST + q({ since: body.lastModified }));
    expect(changed.status).toBe(200);
    expect(changed.json.streamItems[0].content.body).toBe('Order on the web, pick it up when ready.');
    expect(Date.parse(changed.json.lastModified)).toBeGreaterThan(Date.parse(body.lastModified));
  });

  it('an edit stamped within the request\'s millisecond (after it, in microseconds) is a change: 200, not 304', async () => {
    const c = testClient(withGuestStream(db(), true));
    const first = await c.get(GUEST + q());
    const at = new Date(Date.parse(first.json.lastModified) + 60_000);
    setNow(at);
    const before = await c.get(GUEST + q({ since: first.json.lastModified }));
    expect(before.status).toBe(304);
    await db().query(
      `update stream_content set item = item || '{"body": "Edited within the millisecond."}'::jsonb, updated_at = $1::timestamptz + interval '400 microseconds' where content_id = 'guest-order-ahead'`,
      [at],
    );
    const after = await c.get(GUEST + q({ since: first.json.lastModified }));
    expect(after.status).toBe(200);
    expect(after.json.streamItems[0].content.body).toBe('Edited within the millisecond.');
    expect(after.json.lastModified).toBe(at.toISOString());
  });

  it('an item reaching its end date changes the guest stream without an edit', async () => {
    const c = testClient(withGuestStream(db(), true));
    const end = new Date(Date.now() + 3600_000);
    await db().query(
      `insert into stream_content (content_id, audience, item_type, rank, start_date, end_date, item, updated_at) values ('guest-ends-soon', 'guest', 'content', 50, '2026-01-01T00:00:00Z', $1, '{"title": "Today only", "body": "A limited offer."}', '2026-01-01T00:00:00Z')`,
      [end],
    );
    const first = await c.get(GUEST + q());
    expect(first.json.streamItems.map((i: { id: string }) => i.id)).toContain('guest-ends-soon');
    setNow(new Date(end.getTime() + 1));
    const after = await c.get(GUEST + q({ since: first.json.lastModified }));
    expect(after.status).toBe(200);
    expect(after.json.streamItems.map((i: { id: string }) => i.id)).not.toContain('guest-ends-soon');
    await db().query(`delete from stream_content where content_id = 'guest-ends-soon'`);
  });
});
