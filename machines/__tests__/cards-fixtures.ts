/** Fixtures and events shared by the card machines' model tests. */
import type { Card, PaymentMethod } from '../../contracts/cards.ts';
import { apiError, serverDown } from './account-fakes.ts';

export const card = (id: string, cents: number, extra: Partial<Card> = {}): Card => ({
  cardId: id,
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

