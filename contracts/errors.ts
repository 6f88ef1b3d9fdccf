import * as v from 'valibot';

/**
 * Every API failure has this JSON shape (HTTP status carries the class of failure):
 *   { code, message, field?, ...extras }
 * `code` is the spec's code where the spec has one (e.g. "121063", "INSUFFICIENT_BALANCE"),
 * otherwise one of the generic codes below. Extras carry spec-named fields such as
 * messageId, mfaChallengeMethods, type, cardType, errorCode. GraphQL carries the same body, with the status, in
 * each error's `extensions` (contracts/error-extensions.ts).
 */
export const ApiErrorBody = v.looseObject({
  code: v.string(),
  message: v.string(),
  field: v.optional(v.string()),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBody> & Record<string, unknown>;

/** The generic failure text (spec error catalogue): shown for 5xx, network failures and unknown codes. Written once. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export const GenericCodes = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  csrf: 'CSRF_TOKEN_INVALID',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** a body in a media type the endpoint does not take (GraphQL: application/json only) */
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** the Host header names no origin this server answers for (DNS rebinding guard, server/http/host.ts) */
  misdirected: 'MISDIRECTED_REQUEST',
  unexpected: 'UNEXPECTED_ERROR',
} as const;
