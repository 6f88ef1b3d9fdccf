process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true'; // each caller's address from X-Forwarded-For

import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccountMessages } from '../../contracts/account.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createBody, type Client } from '../test/accounts.ts';
import { cardNo, cards, createMember, pinOf } from './test-helpers.ts';
import { PIN_FAILURES_PER_CARD_PER_HOUR, PIN_FAILURES_PER_IP_PER_HOUR } from './pin-limits.ts';

/**
 * Physical-card PIN guessing (issue 25): failed PIN checks are limited per card number and per IP on
 * /account/cards/add and on account creation with a card (one count for both); PINs are stored under
 * HMAC-SHA-256 with a server key, not plain SHA-256.
 */
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const wrongPin = (i: number) => (pinOf(i) === '00000000' ? '11111111' : '00000000');

forEachDb('physical-card PIN limits and storage', ({ db }) => {
  const newClient = () => testClient(appFor(db()));
  let ipCounter = 1;
  const freshIp = () => `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
  async function member() {
    const c = newClient();
    await createMember(c);
    return c;
  }
  const add = (c: Client, i: number, pin: string, ip: string) => c.post('/apiproxy/v1/account/cards/add', { cardNumber: cardNo(i), securityCode: pin }, { headers: { 'x-forwarded-for': ip } });

  describe('per card number', () => {
    it('after 5 wrong PINs for one card, a 6th attempt (even the right PIN, another member, another IP) is 429; other cards and the members are untouched', async () => {
      const attacker = await member();
      const victim = await member();
      const victimCards = await cards(victim);
      for (let k = 0; k < PIN_FAILURES_PER_CARD_PER_HOUR; k++) {
        // each guess from its own address: the per-IP limit is not what stops them
        const r = await add(attacker, 21, wrongPin(21), freshIp());
        expect([r.status, r.json.code]).toEqual([422, '121001']);
      }
      const refused = await add(attacker, 21, wrongPin(21), freshIp());
      expect([refused.status, refused.json.code, refused.json.message]).toEqual([429, 'RATE_LIMITED', AccountMessages.rateLimited]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // the card's holder, elsewhere, with the right PIN: refused until the hour is over (the PIN is not checked)
      const holder = await add(victim, 21, pinOf(21), freshIp());
      expect([holder.status, holder.json.code]).toEqual([429, 'RATE_LIMITED']);
      // nothing else is locked: another card registers, the victim's own cards and session work
      const other = await add(victim, 22, pinOf(22), freshIp());
      expect(other.status, JSON.stringify(other.json)).toBe(200);
      const after = await cards(victim);
      expect(after.map((k) => k.cardId)).toEqual(expect.arrayContaining(victimCards.map((k) => k.cardId)));
      expect((await victim.get('/apiproxy/v1/session')).json.signedIn).toBe(true);
    });

    it('a right PIN gives its attempt back: a member who mistyped 4 times registers the card', async () => {
      const c = await member();
      for (let k = 0; k < PIN_FAILURES_PER_CARD_PER_HOUR - 1; k++) expect((await add(c, 23, wrongPin(23), freshIp())).status).toBe(422);
      expect((await add(c, 23, pinOf(23), freshIp())).status).toBe(200);
      // the success did not count: one more failure is still a plain 121001 (it would be the 6th attempt otherwise)
      const r = await add(await member(), 23, wrongPin(23), freshIp());
      expect([r.status, r.json.code]).toEqual([422, '121001']);
    });

    it('account creation with a card counts in the same limit: over it the creation is refused with 429 and nothing is created', async () => {
      const c = newClient();
      const tryCreate = (pin: string, email?: string) =>
        c.post('/apiproxy/v1/account/create', createBody({ cardRewards: 'registerCard', registerCardNumber: cardNo(24), registerCardPin: pin, ...(email ? { emailAddress: email } : {}) }), { headers: { 'x-forwarded-for': freshIp() } });
      // two failures through the card page, three through account creation (each creates the account without the card)
      const m = await member();
      for (let k = 0; k < 2; k++) expect((await add(m, 24, wrongPin(24), freshIp())).status).toBe(422);
      for (let k = 0; k < PIN_FAILURES_PER_CARD_PER_HOUR - 2; k++) {
        const r = await tryCreate(wrongPin(24));
        expect([r.status, r.json.errorCode]).toEqual([422, '121001']);
      }
      const email = `pin-limit.${process.pid}.${Date.now().toString(36)}@example.com`;
      const refused = await tryCreate(pinOf(24), email);
      expect([refused.status, refused.json.code, refused.json.message]).toEqual([429, 'RATE_LIMITED', AccountMessages.rateLimited]);
      const made = await db().query('select 1 from users where email = $1', [email]);
      expect(made.rows).toHaveLength(0);
      // creating the account with a digital card is not blocked
      const digital = await c.post('/apiproxy/v1/account/create', createBody({ emailAddress: email }), { headers: { 'x-forwarded-for': freshIp() } });
      expect(digital.status, JSON.stringify(digital.json)).toBe(200);
    });
  });

  describe('per IP', () => {
    it(`${PIN_FAILURES_PER_IP_PER_HOUR} failed PINs from one address over many cards and members: the next is 429; another address is not affected`, async () => {
      const ip = freshIp();
      const members = [await member(), await member(), await member()];
      for (let k = 0; k < PIN_FAILURES_PER_IP_PER_HOUR; k++) {
        const i = 31 + k; // distinct cards: the per-card limit is not what stops them
        const r = await add(members[k % 3]!, i, wrongPin(i), ip);
        expect([r.status, r.json.code], JSON.stringify(r.json)).toEqual([422, '121001']);
      }
      const refused = await add(members[0]!, 55, pinOf(55), ip);
      expect([refused.status, refused.json.code]).toEqual([429, 'RATE_LIMITED']);
      const elsewhere = await add(members[0]!, 56, pinOf(56), freshIp());
      expect(elsewhere.status, JSON.stringify(elsewhere.json)).toBe(200);
    });
  });

  describe('storage', () => {
    it('a PIN is stored as HMAC-SHA-256 under the server key, not the plain SHA-256 of the PIN; every stored PIN is moved over', async () => {
      const c = await member();
      expect((await add(c, 57, pinOf(57), freshIp())).status).toBe(200);
      const row = (await db().query<{ pin_hmac: string | null; pin_sha256: string | null }>('select pin_hmac, pin_sha256 from physical_cards where card_number = $1', [cardNo(61)])).rows[0]!;
      expect(row.pin_sha256).toBeNull();
      expect(row.pin_hmac).toMatch(/^[0-9a-f]{64}$/);
      for (const plain of [sha(pinOf(61)), sha(`${cardNo(61)}:${pinOf(61)}`), sha(`${cardNo(61)}${pinOf(61)}`)]) expect(row.pin_hmac).not.toBe(plain);
      const key = (await db().query<{ secret: string }>(`select secret from signing_keys where name = 'card-pin'`)).rows[0]!.secret;
      expect(row.pin_hmac).toBe(createHmac('sha256', key).update(sha(`${cardNo(61)}:${pinOf(61)}`)).digest('hex'));
      const left = await db().query<{ n: number }>('select count(*)::int as n from physical_cards where pin_hmac is null or pin_sha256 is not null');
      expect(left.rows[0]!.n).toBe(0);
      // the moved-over PIN still registers its card
      expect((await add(c, 61, pinOf(61), freshIp())).status).toBe(200);
    });
  });
});
