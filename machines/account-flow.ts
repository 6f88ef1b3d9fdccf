/**
 * Shared, pure helpers of the account flows (machines/*.machine.ts). Not a machine itself.
 *
 * Requests are invokes whose `input` is the machine's named, exported `<src>Request({ context })` mapper:
 * docs/machines.md.
 */
import * as v from 'valibot';
import { safeReturnUrl } from '../contracts/return-url.ts';

export const GENERIC_FLOW_ERROR = 'Something went wrong. Please try again.';
export const FOR_YOU = '/account/for-you';

/** What account actors reject with (src/services/account.actors.ts turns API failures into this shape). */
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
      code: str(o.code) ?? str(body.code) ?? 'UNEXPECTED_ERROR',
      message: str(o.message) ?? GENERIC_FLOW_ERROR,
      ...(messageId ? { messageId } : {}),
      ...(field ? { field } : {}),
      body,
    };
  }
  return { status: 0, code: 'UNEXPECTED_ERROR', message: GENERIC_FLOW_ERROR, body: {} };
}

export const errorCode = (e: unknown) => asFlowError(e).code;

export type FieldErrors = Partial<Record<string, string>>;

/** First message per top-level field of a failed valibot parse. */
export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue)?.split('.')[0] ?? 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Params of the named `notify` action: the route sends them to the root notifications actor. `title` and
 * `message` are keys of `accountMessages` in src/services/error-catalogue.ts (the client's one place for texts).
 */
export interface NotifyParams {
  kind: 'toast' | 'persistent';
  tone: 'info' | 'success' | 'error';
  title?: string;
  message: string;
}

/** The return URL when it is a same-origin relative path, else the fallback. */
export function destinationOr(fallback: string, ...candidates: unknown[]): string {
  for (const c of candidates) {
    const safe = safeReturnUrl(c);
    if (safe) return safe;
  }
  return fallback;
}

/** Stub for actors the route must provide (design.md section 2). */
export function notProvided(name: string): never {
  throw new Error(`${name}: actor not provided`);
}

/**
 * The machine's input (its start parameters) read from the `xstate.init` event: a context factory would be a
 * function in the config, so machines start from static defaults and their root `entry: 'applyInput'`
 * assigns `inputOf(event)`.
 */
export function inputOf<I>(event: { type: string }): Partial<I> {
  return ((event as { input?: I }).input ?? {}) as Partial<I>;
}
