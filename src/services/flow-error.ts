/** The account flows' error mapper: an API failure as the machines read it, with the catalogue's text. */
import { asFlowError, type FlowError } from '../../machines/flow.ts';
import { ApiRequestError } from './api.ts';
import { accountCodeMessages, messageForError } from './error-catalogue.ts';

/** An API failure as the machines read it: status, code, catalogue message, messageId, field and the body. */
export function toFlowError(e: unknown): FlowError {
  // the one normaliser (machines/flow.ts) reads status, code, messageId, field and body (of an API failure only);
  // the text is the catalogue's
  return { ...asFlowError(e instanceof ApiRequestError ? e : undefined), message: messageForError(e, accountCodeMessages) };
}
