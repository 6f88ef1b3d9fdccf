/**
 * The card area's reads (docs/architecture.md: one place per flow): the card list (cards, transfer), one card's
 * detail (the card page) and the payment methods (add money, auto reload), as `queryOptions` for loaders and
 * components. Failures read with the card catalogue (`callWith(cardCodeMessage)`, src/services/flow-error.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { CardDetailResponse } from '../../../contracts/cards.ts';
import { api } from '../api.ts';
import { cardsCall } from './payment-methods.ts';

export { cardsCall, listPaymentMethods, paymentMethodsQuery } from './payment-methods.ts';
export { cardListQuery, listCards } from './card-list.ts';

export const cardDetail = (cardId: string) => cardsCall(api.get(`/account/cards/${encodeURIComponent(cardId)}`, { schema: CardDetailResponse }));

/** one card's detail and latest movements, read again when its balance changes */
export const cardDetailQuery = (cardId: string, balance: number | undefined, enabled: boolean) =>
  queryOptions({ queryKey: ['account', 'cards', cardId, balance], queryFn: () => cardDetail(cardId), enabled });
