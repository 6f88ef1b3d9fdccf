process.env.TRUST_PROXY = 'true'; // each caller's address from X-Forwarded-For

import { describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
import { cardNo, pinOf } from '../cards/test-helpers.ts';
import { PIN_FAILURES_PER_CARD_PER_HOUR, PIN_FAILURES_PER_IP_PER_HOUR } from '../cards/pin-limits.ts';
import { BALANCE_CHECKS_PER_IP_PER_HOUR, CARD_BALANCE_PATH } from './card-balance.ts';

/**
 * The unauthenticated card-balance check (docs/gifting.md 3.6): POST /apiproxy/v1/unauth/card-balance. One answer
 * for an unknown card, a wrong code and a closed or lost card; failed codes limited per card number (any IP) and
 * per IP with the card-add buckets; every attempt limited per IP; the flag off is 404; CSRF like every POST.
 * Seeded inventory (migrations 002/006): card i = 600010000000<i>, PIN pinOf(i); 207 active $100, 204 closed,
 * 201 lost.
 */
const LOOK_WRONG = { code: '121001', message: "That card number or security code doesn't look right.", field: 'securityCode' };
const wrongPin = (i: number) => (pinOf(i) === '00000000' ? '11111111' : '00000000');

forEachDb('card-balance check', ({ db }) => {
  let ipCounter = 1;
  const freshIp = () => `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
  const client = (config = testConfig()) => testClient(appFor(db(), config));
  const check = (cardNumber: string, securityCode: string, ip = freshIp(), c = client()) => c.post(CARD_BALANCE_PATH, { cardNumber, securityCode }, { headers: { 'x-forwarded-for': ip } });

  it('the right number and code answer the last four and the balance, never the number', async () => {
    const r = await check(cardNo(207), pinOf(207));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ lastFour: '0207', balance: { amount: 10000, currency: 'USD' } });
    expect(r.text).not.toContain(cardNo(207));
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('an unknown card, a wrong code, a closed card and a lost card get the one same answer', async () => {
    const answers = [
      await check('6000109999999999', '12345678'),
      await check(cardNo(207), wrongPin(207)),
      await check(cardNo(204), pinOf(204)),
      await check(cardNo(201), pinOf(201)),
    ];
    for (const a of answers) expect([a.status, a.json]).toEqual([422, LOOK_WRONG]);
  });

  it('bad input is 400 naming the field, with the form texts; nothing is counted', async () => {
    const ip = freshIp();
    const short = await check('1234', pinOf(208), ip);
    expect([short.status, short.json.code, short.json.field]).toEqual([400, 'BAD_REQUEST', 'cardNumber']);
    expect(short.json.message).toContain('A valid card number has 16 digits.');
    const code = await check(cardNo(208), '12', ip);
    expect([code.status, code.json.field]).toEqual([400, 'securityCode']);
    expect(code.json.message).toContain('A valid security code has 8 digits.');
  });

  it('without the CSRF token the check is refused', async () => {
    const r = await client().post(CARD_BALANCE_PATH, { cardNumber: cardNo(207), securityCode: pinOf(207) }, { csrf: false, headers: { 'x-forwarded-for': freshIp() } });
    expect(r.status).toBe(403);
  });

  it(`after ${PIN_FAILURES_PER_CARD_PER_HOUR} wrong codes for one card, the next check of that card is 429 from any IP, even with the right code; other cards still answer`, async () => {
    for (let k = 0; k < PIN_FAILURES_PER_CARD_PER_HOUR; k++) expect((await check(cardNo(208), wrongPin(208))).status).toBe(422);
    const refused = await check(cardNo(208), pinOf(208));
    expect([refused.status, refused.json.code, refused.json.message]).toEqual([429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(cardNo(209), pinOf(209))).status).toBe(200);
  });

  it('a right code gives its attempt back: 4 mistakes, a success, then more checks still answer', async () => {
    for (let k = 0; k < PIN_FAILURES_PER_CARD_PER_HOUR - 1; k++) expect((await check(cardNo(210), wrongPin(210))).status).toBe(422);
    expect((await check(cardNo(210), pinOf(210))).status).toBe(200);
    expect((await check(cardNo(210), wrongPin(210))).status).toBe(422);
  });

  it(`after ${PIN_FAILURES_PER_IP_PER_HOUR} failures from one IP, its next check is 429 whatever the card; another IP is untouched`, async () => {
    const ip = freshIp();
    for (let k = 0; k < PIN_FAILURES_PER_IP_PER_HOUR; k++) expect((await check(`60001099${String(k).padStart(8, '0')}`, '12345678', ip)).status).toBe(422);
    const refused = await check(cardNo(211), pinOf(211), ip);
    expect([refused.status, refused.json.code]).toEqual([429, 'RATE_LIMITED']);
    expect((await check(cardNo(211), pinOf(211))).status).toBe(200);
  });

  it(`every attempt counts per IP: after ${BALANCE_CHECKS_PER_IP_PER_HOUR} checks from one IP the next is 429, even when all succeeded`, async () => {
    const ip = freshIp();
    for (let k = 0; k < BALANCE_CHECKS_PER_IP_PER_HOUR; k++) expect((await check(cardNo(212), pinOf(212), ip)).status).toBe(200);
    const refused = await check(cardNo(212), pinOf(212), ip);
    expect([refused.status, refused.json.code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('with unauthCardBalanceCheckEnabled off the route is 404', async () => {
    const base = testConfig();
    const off = testConfig({ gifting: { ...base.gifting, unauthCardBalanceCheckEnabled: false } });
    const r = await check(cardNo(207), pinOf(207), freshIp(), client(off));
    expect([r.status, r.json.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('card-balance configuration', () => {
  it('the check is on by default; GIFT_UNAUTH_BALANCE_CHECK=false turns it off and points the catalog link at /account/cards', async () => {
    const { giftingConfig } = await import('../config.ts');
    expect(giftingConfig({})).toMatchObject({ unauthCardBalanceCheckEnabled: true, cardBalanceUrl: '/gift#check-balance' });
    expect(giftingConfig({ GIFT_UNAUTH_BALANCE_CHECK: 'false' })).toMatchObject({ unauthCardBalanceCheckEnabled: false, cardBalanceUrl: '/account/cards' });
    expect(giftingConfig({ GIFT_CUSTOM_AMOUNT_MIN: '1000', GIFT_CUSTOM_AMOUNT_MAX: 'x' })).toMatchObject({ customAmountMin: 1000, customAmountMax: 10000 });
  });
});
