import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { GENERIC_ERROR_MESSAGE, GenericCodes, type ApiErrorBody } from '../../contracts/errors.ts';

/** Thrown anywhere in a handler; rendered by `renderError` as the one JSON error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extras: { field?: string } & Record<string, unknown> = {},
  ) {
    super(message);
  }
  body(): ApiErrorBody {
    return { code: this.code, message: this.message, ...this.extras };
  }
}

export const badRequest = (message: string, field?: string, extras: Record<string, unknown> = {}) =>
  new ApiError(400, GenericCodes.badRequest, message, { ...(field ? { field } : {}), ...extras });
export const unauthorized = (message = 'Sign in required.') => new ApiError(401, GenericCodes.unauthorized, message);
export const forbidden = (message = 'Not allowed.') => new ApiError(403, GenericCodes.forbidden, message);
export const notFound = (message = 'Not found.') => new ApiError(404, GenericCodes.notFound, message);

export function renderError(err: unknown, c: Context) {
  if (err instanceof ApiError) return c.json(err.body(), err.status);
  // Malformed JSON bodies surface as SyntaxError from c.req.json()
  if (err instanceof SyntaxError) return c.json({ code: GenericCodes.badRequest, message: 'The request body is not valid JSON.' }, 400);
  console.error('[api] unexpected error', err);
  return c.json({ code: GenericCodes.unexpected, message: GENERIC_ERROR_MESSAGE }, 500);
}
