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

export function createSandboxProcessor(opts: { now?: () => number } = {}): PaymentProcessor {
  const now = opts.now ?? Date.now;

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
      const r = await row(db, token);
      if (!r) return { ok: false, code: '121043' };
      if (r.single_use && singleUseStale(r)) return { ok: false, code: 'PAYMENT_TOKEN_EXPIRED' };
      if (!r.single_use && !r.used_at) return { ok: false, code: '121043' }; // a reusable token is charged only once saved
      const previous = await db.query<{ charge_id: string; outcome: string }>('select charge_id, outcome from sandbox_charges where token = $1 and idempotency_key = $2', [token, idempotencyKey]);
      if (previous.rows[0]) return previous.rows[0].outcome === 'succeeded' ? { ok: true, chargeId: previous.rows[0].charge_id } : { ok: false, code: previous.rows[0].outcome };
      if (r.single_use) {
        // claim the single-use token BEFORE charging: one conditional update that must change exactly one row
        // (a concurrent charge waits on the row lock, then finds used_at set and changes nothing)
        const claimed = await db.query('update sandbox_vault set used_at = $2 where token = $1 and single_use and used_at is null and created_at > $3', [
          token,
          new Date(now()),
          new Date(now() - GUEST_TOKEN_MAX_AGE_MS),
        ]);
        if (claimed.rowCount !== 1) return { ok: false, code: 'PAYMENT_TOKEN_EXPIRED' };
      }
      const s = parseScenario(r.scenario);
      const outcome = s ? s.code : r.exp_year !== null && r.exp_month !== null && expired(r.exp_month, r.exp_year, new Date(now())) ? '121044' : 'succeeded';
      const chargeId = newChargeId();
      await db.query(`insert into sandbox_charges (charge_id, token, amount_cents, idempotency_key, outcome) values ($1, $2, $3, $4, $5)`, [chargeId, token, amountCents, idempotencyKey, outcome]);
      return outcome === 'succeeded' ? { ok: true, chargeId } : { ok: false, code: outcome };
    },
  };
}
