/**
 * Shared, pure helpers of the card and payment flows (machines/*.machine.ts for cards). Not a machine.
 * Requests are invokes with named, exported input mappers (docs/machines.md).
 */
import { cardCodeAction, cardCodeMessage, type CardErrorAction } from '../contracts/cards.ts';
import { asFlowError, errorText } from './flow.ts';

export interface CardFlowError {
  code: string;
  message: string;
  field?: string;
  action: CardErrorAction | null;
}

/**
 * A rejection read with the card catalogue (spec 8): its text is `errorText(e, cardCodeMessage)` (the one rule:
 * the server's text for a 4xx, else the catalogue's, else the generic text; generic for 5xx and network), plus the
 * action the catalogue offers with the code.
 */
export function cardFlowError(e: unknown): CardFlowError {
  const f = asFlowError(e);
  const message = errorText(e, cardCodeMessage);
  return { code: f.code, message, ...(f.field ? { field: f.field } : {}), action: cardCodeAction[f.code] ?? null };
}

/** true for failures the catalogue names (shown in place); others are unexpected */
export const isKnownCardError = (e: unknown) => {
  const f = asFlowError(e);
  return f.status > 0 && f.status < 500 && f.code in cardCodeMessage;
};
