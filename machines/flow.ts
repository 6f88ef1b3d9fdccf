/**
 * What every machine shares (docs/machines.md). Pure: no React, no fetch. Not a machine itself.
 * - `errorText`: the one function from a failure to the text the user sees.
 * - `asFlowError`: the one error normaliser. Actors reject with anything (an ApiRequestError, a FlowError, a
 *   plain Error); machines read every rejection through it.
 * - `inputOf`: the one way to read a machine's input (from the `xstate.init` event, with defaults).
 * - `notProvided`: the stub of an actor the route must provide.
 */
import { GENERIC_ERROR_MESSAGE, GenericCodes } from '../contracts/errors.ts';

export { GENERIC_ERROR_MESSAGE };

/** A failed request as machines read it: status, code, the text to show, messageId, field and the error body. */
export interface FlowError {
  status: number;
  code: string;
  /** the text to show (catalogue entry or server message) */
  message: string;
  messageId?: string;
  field?: string;
  body: Record<string, unknown>;
}

const str = (x: unknown) => (typeof x === 'string' && x ? x : undefined);

/** Reads any rejection (a FlowError, an ApiRequestError, a plain Error) as a FlowError. */
export function asFlowError(e: unknown): FlowError {
  if (e && typeof e === 'object') {
    const o = e as Record<string, unknown>;
    const body = o.body && typeof o.body === 'object' ? (o.body as Record<string, unknown>) : {};
    const messageId = str(o.messageId) ?? str(body.messageId);
    const field = str(o.field) ?? str(body.field);
    return {
      status: typeof o.status === 'number' ? o.status : 0,
      code: str(o.code) ?? str(body.code) ?? GenericCodes.unexpected,
      message: str(o.message) ?? GENERIC_ERROR_MESSAGE,
      ...(messageId ? { messageId } : {}),
      ...(field ? { field } : {}),
      body,
    };
  }
  return { status: 0, code: GenericCodes.unexpected, message: GENERIC_ERROR_MESSAGE, body: {} };
}

export const errorCode = (e: unknown) => asFlowError(e).code;

/** An area's texts by API code (its catalogue of failures), e.g. `accountCodeMessages`, `cardCodeMessage`. */
export type CodeTexts = Readonly<Record<string, string>>;

/**
 * THE function that turns any failure into the text the user sees (issue 31, spec 2 section 8), one rule:
 * for a 4xx, the server's text when it sent one (`body.message`, not blank), else the area's catalogue text for
 * the code, else the generic text; for a 5xx, a network failure (status 0) or anything that is not an API failure,
 * always the generic text (never a server's internals). Pure, so machines and src/services share it; the client's
 * entry point is src/services/flow-error.ts (`toFlowError`, `callWith`), which re-exports it.
 */
export function errorText(error: unknown, catalogue: CodeTexts = {}): string {
  const f = asFlowError(error);
  if (f.status < 400 || f.status >= 500) return GENERIC_ERROR_MESSAGE;
  const server = typeof f.body.message === 'string' && f.body.message.trim() ? f.body.message : undefined;
  return server ?? catalogue[f.code] ?? GENERIC_ERROR_MESSAGE;
}

/** A failure as the machines read it, its text chosen by `errorText` with `catalogue` (src/services/flow-error.ts). */
export function flowErrorWith(e: unknown, catalogue: CodeTexts): FlowError {
  return { ...asFlowError(e), message: errorText(e, catalogue) };
}

/**
 * `call(request)`: awaits a request; a failure (an abort excepted) is rethrown as `flowErrorWith(failure, catalogue)`.
 * Here rather than only in src/services/flow-error.ts, whose default catalogue is the account's: a page that maps
 * failures with its own catalogue (the checkout's is empty) does not load the account's texts
 * (docs/architecture.md#performance).
 */
export function callWith(catalogue: CodeTexts) {
  return async function call<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw flowErrorWith(e, catalogue);
    }
  };
}

/** Stub for actors the route must provide: `actors: { x: fromPromise<Out, In>(async () => notProvided('x')) }`. */
export function notProvided(name: string): never {
  throw new Error(`${name}: actor not provided (the route supplies it with machine.provide())`);
}

/**
 * The machine's input (its start parameters) read from the `xstate.init` event. A context factory would be a
 * function in the config, so machines start from a static context and their root `entry: 'applyInput'`
 * assigns what this returns. With `defaults`, a missing or partial input is completed (no machine throws
 * without input); without, only the fields given.
 */
export function inputOf<I>(event: { type: string }): Partial<I>;
export function inputOf<I>(event: { type: string }, defaults: I): I;
export function inputOf<I>(event: { type: string }, defaults?: I): Partial<I> {
  const given = (event as { input?: Partial<I> }).input ?? {};
  return defaults ? { ...defaults, ...given } : given;
}
