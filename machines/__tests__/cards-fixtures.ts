/** Fixtures and events shared by the card machines' model tests. */
import type { Card, PaymentMethod } from '../../contracts/cards.ts';
import { apiError, serverDown } from './account-fakes.ts';

export const card = (id: string, cents: number, extra: Partial<Card> = {}): Card => ({
  cardId: id,
  cardNumber: `600010000000${id.padStart(4, '0')}`.slice(-16),
  lastFour: id.padStart(4, '0').slice(-4),
  nickname: 'My Card',
  cardImageUrl: '/cards/art/harbor-classic.svg',
  kind: 'physical',
  status: 'active',
  isPrimary: false,
  balance: { amount: cents, currency: 'USD' },
  autoReloadProfile: null,
  ...extra,
});
export const method = (id: string, isDefault = false): PaymentMethod => ({
  paymentMethodId: id,
  paymentMethodIdHash: 'h',
  paymentInstrumentId: `pi_${id}`,
  paymentType: 'visa',
  default: isDefault,
  accountNumberLastFour: '4242',
  expMonth: 12,
  expYear: 2030,
  accountEmail: null,
  nickname: null,
  billingAddressId: null,
});
export const cardError = (code: string, field?: string) => apiError(code === 'CARD_HAS_BALANCE' ? 409 : 422, code, '', field ? { field } : {});
export { serverDown };
export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
export const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error, actorId: id });

/**
 * The union of runs with different inputs (e.g. with and without payment methods): what none of them reached.
 * Transient states left by an eventless transition (`starting`, `deciding`) are never a snapshot's value; their
 * transitions are counted, and the states are reported apart.
 */
export function missingInAll(...runs: Array<{ coverage: { states: { missing: string[] }; transitions: { missing: string[] } } }>) {
  const both = (pick: (r: (typeof runs)[number]) => string[]) => pick(runs[0]!).filter((x) => runs.every((r) => pick(r).includes(x)));
  const states = both((r) => r.coverage.states.missing);
  return { states: states.filter((s) => !/\.(starting|deciding)$/.test(s)), transient: states.filter((s) => /\.(starting|deciding)$/.test(s)), transitions: both((r) => r.coverage.transitions.missing) };
}
