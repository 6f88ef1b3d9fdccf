import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { GUEST_TOKEN_MAX_AGE_MS, type PaymentType } from '../../contracts/cards.ts';
import { detectBrand, luhnValid } from './card-numbers.ts';
import type { CardDetails, PaymentProcessor, ProcessorResult, TokenInfo } from './processor.ts';

/**
 * The sandbox processor (docs/cards.md "Test numbers"). Test numbers pick an outcome and the step where it
 * happens: `tokenize` (the number is refused at entry), `verify` (the zero-amount check when the method is
 * saved) or `charge` (saved fine, every charge fails). Any other Luhn-valid number of a known brand with a
 * future expiry approves. The vault keeps the token, brand, last four, expiry and the outcome: no number and
 * no security code, here either.
 */
type Stage = 'tokenize' | 'verify' | 'charge';
export interface Scenario {
  stage: Stage;
  code: string;
  note: string;
}

/** test card numbers → outcome (approving numbers are listed in APPROVING_TEST_CARDS) */
export const TEST_CARDS: Record<string, Scenario> = {
  '4000000000000002': { stage: 'verify', code: '121048', note: 'declined: card rejected' },
  '4000000000000069': { stage: 'verify', code: '121044', note: 'expired card' },
  '4100000000000019': { stage: 'verify', code: '121035', note: 'fails the fraud check' },
  '4000000000000127': { stage: 'verify', code: '121002', note: 'security code check fails' },
  '4000000760000002': { stage: 'tokenize', code: '121033', note: 'international card' },
  '378734493671000': { stage: 'verify', code: '121069', note: 'American Express error' },
  '4000000000000341': { stage: 'charge', code: '121048', note: 'saves, then every charge is declined' },
  '4000000001210436': { stage: 'verify', code: '121043', note: 'payment method invalid' },
  '4000000001210451': { stage: 'verify', code: '121045', note: 'payment method problem' },
  '4000000001210469': { stage: 'verify', code: '121046', note: 'payment method problem' },
  '4000000001210659': { stage: 'verify', code: '121065', note: 'payment method problem' },
  '4000000001210667': { stage: 'verify', code: '121066', note: 'payment method problem' },
  '4000000001210683': { stage: 'verify', code: '121068', note: 'payment method problem (card list)' },
  '4000000001210709': { stage: 'verify', code: '121070', note: 'payment method problem' },
  '4000000001210766': { stage: 'charge', code: '121076', note: 'payment method problem on reload' },
  '4000000001210626': { stage: 'charge', code: '121062', note: 'anti-fraud violation on charge' },
  '4000000001210758': { stage: 'charge', code: '121075', note: 'generic processor error on charge' },
  '4000000001230004': { stage: 'verify', code: '123000', note: 'generic processor error' },
};
export const APPROVING_TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
} as const;

/** sandbox PayPal buyer accounts: buyer@example.com approves; paypal-<code>@example.com fails with <code> */
export const PAYPAL_SCENARIOS: Record<string, Scenario> = {
  'paypal-121059@example.com': { stage: 'verify', code: '121059', note: 'PayPal error' },
  'paypal-121060@example.com': { stage: 'verify', code: '121060', note: 'PayPal error' },
  'paypal-121061@example.com': { stage: 'verify', code: '121061', note: 'PayPal error' },
  'paypal-121067@example.com': { stage: 'verify', code: '121067', note: 'PayPal error (card list)' },
  'paypal-121071@example.com': { stage: 'charge', code: '121071', note: 'PayPal error on charge' },
  'paypal-121072@example.com': { stage: 'charge', code: '121072', note: 'PayPal error on charge' },
};

const newToken = () => `tok_${randomBytes(18).toString('base64url').replace(/-/g, '_')}`;
const newChargeId = () => `ch_${randomBytes(12).toString('hex')}`;

type VaultRow = {
  token: string;
  kind: 'card' | 'paypal';
  brand: PaymentType;
  last_four: string;
  exp_month: number | null;
  exp_year: number | null;
  scenario: string;
  single_use: boolean;
  used_at: Date | null;
  created_at: Date;
};

const info = (r: VaultRow): TokenInfo => ({
  token: r.token,
  kind: r.kind,
  brand: r.brand,
  lastFour: r.last_four,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  singleUse: r.single_use,
  createdAt: new Date(r.created_at),
  accountEmail: r.kind === 'paypal' ? r.last_four : null,
});

function parseScenario(s: string): Scenario | null {
  if (s === 'approve') return null;
  const [stage, code] = s.split(':');
  return { stage: stage as Stage, code: code ?? '123000', note: '' };
}

function expired(expMonth: number, expYear: number, now = new Date()): boolean {
  return expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
}

/** the sandbox's answer when a charge key is reused for another amount or token */
export const CHARGE_KEY_REUSED = 'CHARGE_KEY_REUSED';
/** how long the sandbox remembers an authorisation (a card network holds an uncaptured one about this long) */
export const AUTHORIZATION_HOLD_MS = 7 * 24 * 3600_000;

/** an authorisation in the sandbox's own journal: outside the app's database, so a rolled-back transaction keeps it */
export interface Authorization {
  chargeId: string;
  token: string;
  amountCents: number;
  idempotencyKey: string;
  /** 'succeeded' or the refusal code */
  outcome: string;
  at: number;
}

export interface SandboxProcessor extends PaymentProcessor {
  /** the journal's authorisations (tests) */
  authorizations(filter?: { token?: string; idempotencyKey?: string }): Authorization[];
  /** approved authorisations that no committed capture references: what a real integration voids (compensation) */
  uncaptured(db: Queryable, olderThanMs?: number): Promise<Authorization[]>;
}

export function createSandboxProcessor(opts: { now?: () => number } = {}): SandboxProcessor {
  const now = opts.now ?? Date.now;
  /**
   * The processor's side of every charge, keyed by idempotency key. It lives in this object, not in the caller's
   * transaction: like a real processor's record it outlives a rollback, so a retry that derives another key
   * would show here as a second authorisation (a second hold on the member's card).
   */
  const authorizations = new Map<string, Authorization>();
  function prune() {
    // insertion order is time order: stop at the first one still held
    for (const [k, a] of authorizations) {
      if (now() - a.at <= AUTHORIZATION_HOLD_MS) break;
      authorizations.delete(k);
    }
  }
  const answer = (a: Authorization): ProcessorResult<{ chargeId: string }> => (a.outcome === 'succeeded' ? { ok: true, chargeId: a.chargeId } : { ok: false, code: a.outcome });
  async function captured(db: Queryable, a: Authorization) {
    return (await db.query('select 1 from sandbox_charges where charge_id = $1', [a.chargeId])).rows.length > 0;
  }

  async function row(db: Queryable, token: string): Promise<VaultRow | null> {
    const r = await db.query<VaultRow>('select * from sandbox_vault where token = $1', [token]);
    return r.rows[0] ?? null;
  }
  function singleUseStale(r: VaultRow) {
    return r.single_use && (r.used_at !== null || now() - new Date(r.created_at).getTime() > GUEST_TOKEN_MAX_AGE_MS);
  }

  return {
    async tokenizeCard(db, card: CardDetails): Promise<ProcessorResult<{ info: TokenInfo }>> {
      const number = card.number.replace(/[\s-]/g, '');
      if (!luhnValid(number)) return { ok: false, code: '121017' };
      const brand = detectBrand(number);
      if (!brand) return { ok: false, code: '121000' };
      const scenario = TEST_CARDS[number];
      if (scenario?.stage === 'tokenize') return { ok: false, code: scenario.code };
      const expiredByDate = expired(card.expMonth, card.expYear, new Date(now()));
      const outcome = expiredByDate ? 'verify:121044' : scenario ? `${scenario.stage}:${scenario.code}` : 'approve';
      const token = newToken();
      const r = await db.query<VaultRow>(
        `insert into sandbox_vault (token, kind, brand, last_four, exp_month, exp_year, scenario, single_use, created_at)
         values ($1, 'card', $2, $3, $4, $5, $6, $7, $8) returning *`,
        [token, brand, number.slice(-4), card.expMonth, card.expYear, outcome, card.singleUse, new Date(now())],
      );
      return { ok: true, info: info(r.rows[0]!) };
    },

    async tokenizePaypal(db, email) {
      const e = email.trim().toLowerCase();
      const scenario = PAYPAL_SCENARIOS[e];
      const token = newToken();
      const r = await db.query<VaultRow>(
        `insert into sandbox_vault (token, kind, brand, last_four, exp_month, exp_year, scenario, single_use, created_at)
         values ($1, 'paypal', 'paypal', $2, null, null, $3, false, $4) returning *`,
        [token, e, scenario ? `${scenario.stage}:${scenario.code}` : 'approve', new Date(now())],
      );
      return { ok: true, info: info(r.rows[0]!) };
    },

    async describe(db, token) {
      const r = await row(db, token);
      return r ? info(r) : null;
    },

    async verify(db, token) {
      const r = await row(db, token);
      if (!r || r.used_at || r.single_use) return { ok: false, code: 'PAYMENT_TOKEN_EXPIRED' };
      const s = parseScenario(r.scenario);
      await db.query(`insert into sandbox_charges (charge_id, token, amount_cents, idempotency_key, outcome) values ($1, $2, 0, null, $3)`, [
        newChargeId(),
        token,
        s?.stage === 'verify' ? s.code : 'verified',
      ]);
      if (s?.stage === 'verify') return { ok: false, code: s.code };
      const claimed = await db.query('update sandbox_vault set used_at = $2 where token = $1 and used_at is null', [token, new Date(now())]);
      if (claimed.rowCount !== 1) return { ok: false, code: 'PAYMENT_TOKEN_EXPIRED' };
      return { ok: true, info: info(r) };
    },

    async charge(db, token, amountCents, idempotencyKey) {
      prune();
      const r = await row(db, token);
      if (!r) return { ok: false, code: '121043' };
      const same = (a: Authorization) => a.token === token && a.amountCents === amountCents;
      const known = authorizations.get(idempotencyKey);
      // a key names ONE charge: the same key for another amount (or token) is refused, never charged again
      if (known && !same(known)) return { ok: false, code: CHARGE_KEY_REUSED };
      if (r.single_use) {
        // claim the single-use token BEFORE charging: one conditional update that must change exactly one row
        // (a concurrent charge waits on the row lock, then finds used_at set and changes nothing)
        const claimed = singleUseStale(r)
          ? { rowCount: 0 }
          : await db.query('update sandbox_vault set used_at = $2 where token = $1 and single_use and used_at is null and created_at > $3', [
              token,
              new Date(now()),
              new Date(now() - GUEST_TOKEN_MAX_AGE_MS),
            ]);
        if (claimed.rowCount !== 1) {
          // the same charge already captured (a replay after its commit) answers the first result
          const first = authorizations.get(idempotencyKey);
          if (first && same(first) && (await captured(db, first))) return answer(first);
          return { ok: false, code: 'PAYMENT_TOKEN_EXPIRED' };
        }
      } else if (!r.used_at) return { ok: false, code: '121043' }; // a reusable token is charged only once saved
      // authorise (synchronously after the last await: concurrent calls with one key share one authorisation)
      let auth = authorizations.get(idempotencyKey);
      if (auth && !same(auth)) return { ok: false, code: CHARGE_KEY_REUSED };
      if (!auth) {
        const s = parseScenario(r.scenario);
        const outcome = s ? s.code : r.exp_year !== null && r.exp_month !== null && expired(r.exp_month, r.exp_year, new Date(now())) ? '121044' : 'succeeded';
        auth = { chargeId: newChargeId(), token, amountCents, idempotencyKey, outcome, at: now() };
        authorizations.set(idempotencyKey, auth);
      }
      if (auth.outcome !== 'succeeded') return answer(auth);
      // capture: the row commits (or rolls back) with the caller's transaction
      await db.query(
        `insert into sandbox_charges (charge_id, token, amount_cents, idempotency_key, outcome) values ($1, $2, $3, $4, 'succeeded') on conflict do nothing`,
        [auth.chargeId, token, amountCents, idempotencyKey],
      );
      return answer(auth);
    },

    async refund(db, chargeId, amountCents) {
      const c = (await db.query<{ token: string; amount_cents: number }>(`select token, amount_cents from sandbox_charges where charge_id = $1 and outcome = 'succeeded'`, [chargeId])).rows[0];
      if (!c) return { ok: false, code: 'CHARGE_NOT_FOUND' };
      if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > c.amount_cents) return { ok: false, code: 'REFUND_AMOUNT_INVALID' };
      // one refund per charge: its key is the charge's (unique (token, idempotency_key)); a second answers the first
      await db.query(`insert into sandbox_charges (charge_id, token, amount_cents, idempotency_key, outcome) values ($1, $2, $3, $4, 'refunded') on conflict do nothing`, [
        `rf_${randomBytes(12).toString('hex')}`,
        c.token,
        amountCents,
        `refund-${chargeId}`,
      ]);
      const r = (await db.query<{ charge_id: string }>('select charge_id from sandbox_charges where token = $1 and idempotency_key = $2', [c.token, `refund-${chargeId}`])).rows[0]!;
      return { ok: true, refundId: r.charge_id };
    },

    authorizations(filter: { token?: string; idempotencyKey?: string } = {}) {
      return [...authorizations.values()].filter((a) => (filter.token === undefined || a.token === filter.token) && (filter.idempotencyKey === undefined || a.idempotencyKey === filter.idempotencyKey));
    },

    async uncaptured(db, olderThanMs = 0) {
      const out: Authorization[] = [];
      for (const a of authorizations.values()) if (a.outcome === 'succeeded' && now() - a.at >= olderThanMs && !(await captured(db, a))) out.push(a);
      return out;
    },
  };
}
