/**
 * The member's payment methods read (add money, auto reload and the gift form choose from it), apart from the
 * other card reads (queries.ts re-exports it) so that the gift form's first load carries only the payment-method
 * schema and the card codes' catalogue, not every card schema (issue 32, docs/architecture.md "Performance").
 */
import { queryOptions } from '@tanstack/react-query';
import { PaymentMethodListResponse } from '../../../contracts/card-fields.ts';
import { cardCodeMessage } from '../../../contracts/card-codes.ts';
import { api } from '../api.ts';
import { callWith } from '../../../machines/flow.ts';

/** a card-area call whose failure reads with the card catalogue (src/services/flow-error.ts) */
export const cardsCall = callWith(cardCodeMessage);

export const listPaymentMethods = () => cardsCall(api.get('/account/payment-methods', { schema: PaymentMethodListResponse }));
/** The payment methods query (add money and auto reload choose from it). */
export const paymentMethodsQuery = queryOptions({ queryKey: ['account', 'payment-methods'], queryFn: () => listPaymentMethods() });
