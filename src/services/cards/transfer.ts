/**
 * The balance transfer flow (machines/transfer.machine.ts, /account/cards/transfer): its actor (GraphQL
 * transferBalance through cards.graphql.ts, loaded on the first call) and its read (the card list, queries.ts).
 */
import { fromPromise } from 'xstate';
import type { TransferBalanceInput, TransferResult } from '../../../machines/transfer.machine.ts';
import { cardsCall } from './queries.ts';

export { cardListQuery } from './queries.ts';

export const transferActors = () => ({
  transferBalance: fromPromise<TransferResult, TransferBalanceInput>(({ input }) => cardsCall(import('../cards.graphql.ts').then((m) => m.cardsGraphql.transferBalance(input)))),
});
