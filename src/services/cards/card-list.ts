/**
 * The member's card list as a query of its own (the cards pages, transfer, and the home page's 'Scan in store' and
 * #pay): its response schema only (contracts/card-fields.ts), not the card area's request schemas and texts, so the
 * home page does not load them (docs/architecture.md#performance). Failures read with the card catalogue.
 */
import { queryOptions } from '@tanstack/react-query';
import { CardListResponse } from '../../../contracts/card-fields.ts';
import { api } from '../api.ts';
import { cardsCall } from './payment-methods.ts';

export const listCards = () => cardsCall(api.get('/account/cards', { schema: CardListResponse }));
/** the member's cards */
export const cardListQuery = queryOptions({ queryKey: ['account', 'cards', 'list'], queryFn: () => listCards() });
