import type { Hono } from 'hono';
import { CardBalanceRequest, GiftCodes, GiftMessages, type CardBalanceResponse } from '../../contracts/gift.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { money } from '../../contracts/cards.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson } from '../http/validate.ts';
import { hit } from '../auth/rate-limit.ts';
import { rateLimited } from '../auth/require.ts';
import { clientIp } from '../auth/client-ip.ts';
import { pinAttempt } from '../cards/pin-limits.ts';
import { ensurePinHashesUpgraded, pinHmac, pinMatches } from '../cards/pin-hash.ts';
import { equalHex, sha256Hex } from '../auth/tokens.ts';

/**
 * The unauthenticated card-balance check (spec 3 section 2: allowed by config flag unauthCardBalanceCheckEnabled;
 * "path and payload not shown"; docs/gifting.md 3.6): POST /apiproxy/v1/unauth/card-balance
 * { cardNumber, securityCode } → { lastFour, balance }. Guests and members, CSRF (every POST).
 *
 * Limits, in this order, each 429 RATE_LIMITED with Retry-After:
 * - every attempt per IP, `card-balance:ip:<ip>`, 60 an hour (scraping);
 * - failed codes per card number and per IP with the SAME buckets as adding a card (server/cards/pin-limits.ts:
 *   5 per card number, 20 per IP, an hour; counted before the check, given back on success), so the balance check
 *   is no second door for guessing a card's code. What a stranger can block is only code checks for that one card
 *   number for the rest of the hour; a member's registered cards show their balance in /account/cards regardless.
 * Unknown number, wrong code, a closed, lost, stolen or inactive card: one answer, 422 121001 "That card number or
 * security code doesn't look right." (an unknown number costs the same keyed hash as a known one). Success never
 * answers the number: its last four and the balance.
 */
export const CARD_BALANCE_PATH = '/apiproxy/v1/unauth/card-balance';
export const BALANCE_CHECKS_PER_IP_PER_HOUR = 60;
const HOUR = 3600_000;

export const lookWrong = () => new ApiError(422, GiftCodes.lookWrong, GiftMessages.balanceLookWrong, { field: 'securityCode' });

interface CardRow {
  card_id: string;
  kind: string;
  status: string;
  balance_cents: number;
  pin_hmac: string | null;
  pin_sha256: string | null;
}

/**
 * HOOK for eGift cards (docs/gifting.md 3.5): an eGift card has no physical_cards row; its security code is derived,
 * never stored: `egiftSecurityCode(cardId)` = 8 digits of HMAC-SHA-256(signing key 'egift-code', cardId), owned by
 * gift-core (server/gifting/issue.ts). Until that function exists this answers null, so an eGift card's check
 * fails like a wrong code. To wire it: `return egiftSecurityCode(db, cardId);`.
 */
export async function egiftCodeFor(db: Queryable, cardId: string): Promise<string | null> {
  void db;
  void cardId;
  return null;
}

/** true when `code` is the card's security code (physical: the keyed PIN hash; eGift: the derived code) */
async function codeMatches(db: Queryable, card: CardRow | undefined, cardNumber: string, code: string): Promise<boolean> {
  if (!card) {
    // the same keyed hash as a known card, so an unknown number answers in the same time
    await pinHmac(db, cardNumber, code);
    return false;
  }
  if (card.kind === 'egift') {
    const expected = await egiftCodeFor(db, card.card_id);
    // compared as hashes: equal length, constant time
    return equalHex(sha256Hex(code), sha256Hex(expected ?? '')) && expected !== null;
  }
  return pinMatches(db, card, cardNumber, code);
}

export async function checkCardBalance(db: Queryable, cardNumber: string, securityCode: string): Promise<CardBalanceResponse | null> {
  await ensurePinHashesUpgraded(db);
  const r = await db.query<CardRow>(
    `select s.card_id, s.kind, s.status, s.balance_cents, p.pin_hmac, p.pin_sha256
       from stored_value_cards s left join physical_cards p on p.card_number = s.card_number
      where s.card_number = $1 and (p.card_number is not null or s.kind = 'egift')`,
    [cardNumber],
  );
  const card = r.rows[0];
  if (!(await codeMatches(db, card, cardNumber, securityCode))) return null;
  if (!card || card.status !== 'active') return null;
  return { lastFour: cardNumber.slice(-4), balance: money(card.balance_cents) };
}

export function registerCardBalanceRoute(app: Hono<AppEnv>) {
  app.post(CARD_BALANCE_PATH, async (c) => {
    const { db, config } = c.var.deps;
    c.header('Cache-Control', 'no-store');
    if (!config.gifting.unauthCardBalanceCheckEnabled) throw new ApiError(404, GenericCodes.notFound, 'Not found.');
    const body = await parseJson(c, CardBalanceRequest);
    const ip = clientIp(c);
    const byIp = await hit(db, `card-balance:ip:${ip}`, HOUR);
    if (byIp.count > BALANCE_CHECKS_PER_IP_PER_HOUR) throw rateLimited(c, byIp.retryAfterSeconds);
    const attempt = await pinAttempt(db, body.cardNumber, ip);
    if (!attempt.ok) throw rateLimited(c, attempt.retryAfterSeconds);
    const answer = await checkCardBalance(db, body.cardNumber, body.securityCode);
    if (!answer) throw lookWrong();
    await attempt.succeeded();
    return c.json(answer);
  });
}
