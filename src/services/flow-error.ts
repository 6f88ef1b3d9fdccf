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

/**
 * An API failure as the machines read it, keeping the server's own text (the cards flows, whose texts come with
 * the code); anything that is not an API failure (a network error) is the generic failure.
 */
export function toServerFlowError(e: unknown): FlowError {
  const fromApi = e instanceof ApiRequestError || (!!e && typeof e === 'object' && 'code' in e && 'status' in e);
  return asFlowError(fromApi ? e : undefined);
}

/** `call(request)`: awaits an API request; a failure (an abort excepted) is rethrown as `toError(failure)`. */
export function callRethrowing(toError: (e: unknown) => FlowError) {
  return async function call<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw toError(e);
    }
  };
}
