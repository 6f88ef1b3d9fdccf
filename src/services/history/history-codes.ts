/** The texts of the history calls' codes (docs/home.md 2.5): ORDER_NOT_FOUND is the receipt's not-found text. */
import { HistoryMessages } from '../../../contracts/history-messages.ts';

export const OrderingCodeMessagesForHistory = { ORDER_NOT_FOUND: HistoryMessages.orderNotFound } as const;
