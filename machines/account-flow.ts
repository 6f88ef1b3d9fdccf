/**
 * Shared, pure helpers of the account flows (machines/*.machine.ts). Not a machine itself.
 *
 * Requests are invokes whose `input` is the machine's named, exported `<src>Request({ context })` mapper:
 * docs/machines.md.
 */
import * as v from 'valibot';
import { safeReturnUrl } from '../contracts/return-url.ts';
import { PATHS } from './app-page-paths.ts';

export const FOR_YOU = PATHS.forYou;

/** The shared machine helpers, under the names the account machines import (machines/flow.ts). */
export { asFlowError, errorCode, inputOf, notProvided, type FlowError } from './flow.ts';
export { GENERIC_ERROR_MESSAGE as GENERIC_FLOW_ERROR } from './flow.ts';

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
