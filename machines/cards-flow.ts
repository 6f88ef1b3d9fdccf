/**
 * Shared, pure helpers of the card and payment flows (machines/*.machine.ts for cards). Not a machine.
 * Requests are invokes with named, exported input mappers (docs/machines.md).
 */
import { cardCodeAction, cardCodeMessage, GENERIC_CARD_ERROR, type CardErrorAction } from '../contracts/cards.ts';
import { asFlowError } from './account-flow.ts';

export interface CardFlowError {
  code: string;
  message: string;
  field?: string;
  action: CardErrorAction | null;
}

/**
 * A rejection read with the card catalogue (spec 8): the catalogue's text for a known code (a server message
 * takes precedence when the server sent one for that code), the generic text for 5xx and network failures.
 */
export function cardFlowError(e: unknown): CardFlowError {
  const f = asFlowError(e);
  const known = f.code in cardCodeMessage;
  const message = f.status >= 500 || f.status === 0 ? GENERIC_CARD_ERROR : known ? (typeof f.body.message === 'string' && f.body.message ? f.body.message : cardCodeMessage[f.code]!) : f.message || GENERIC_CARD_ERROR;
  return { code: f.code, message, ...(f.field ? { field: f.field } : {}), action: cardCodeAction[f.code] ?? null };
}

/** true for failures the catalogue names (shown in place); others are unexpected */
export const isKnownCardError = (e: unknown) => {
  const f = asFlowError(e);
  return f.status > 0 && f.status < 500 && f.code in cardCodeMessage;
};
