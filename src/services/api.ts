/**
 * The one REST wrapper for /apiproxy/v1. Same-origin credentials, JSON, the CSRF header on every
 * state-changing call, responses validated with the contract's valibot schema, and every failure
 * turned into an ApiRequestError carrying the server's {code, message, field, ...} (contracts/errors.ts).
 * Messages for codes come from src/services/error-catalogue.ts.
 */
import * as v from 'valibot';
import { ApiErrorBody, GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';
import { readCsrfCookie } from './cookies.ts';
import { parseJsonOrUndefined } from '../../contracts/json.ts';

export const API_ROOT = '/apiproxy/v1';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
  get field(): string | undefined {
    return typeof this.body.field === 'string' ? this.body.field : undefined;
  }
  /** 5xx and network failures: the spec's "generic error" */
  get isServerError() {
    return this.status === 0 || this.status >= 500;
  }
}

export interface RequestOptions<S extends v.GenericSchema | undefined> {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

let csrfBootstrap: Promise<unknown> | null = null;
/** The CSRF token for a state-changing call (fetched with the session when the cookie is not there yet). */
export async function csrfToken(): Promise<string> {
  let token = readCsrfCookie();
  if (!token) {
    csrfBootstrap ??= fetch(`${API_ROOT}/session`, { credentials: 'same-origin' }).finally(() => (csrfBootstrap = null));
    await csrfBootstrap;
    token = readCsrfCookie();
  }
  return token ?? '';
}

export function buildUrl(path: string, query?: RequestOptions<undefined>['query']): string {
  const qs = new URLSearchParams();
  for (const [k, val] of Object.entries(query ?? {})) if (val !== undefined && val !== null && val !== '') qs.set(k, String(val));
  const s = qs.toString();
  return `${API_ROOT}${path}${s ? `?${s}` : ''}`;
}

export async function apiRequest<S extends v.GenericSchema | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  opts: RequestOptions<S> = {},
): Promise<S extends v.GenericSchema ? v.InferOutput<S> : unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = await csrfToken();
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      credentials: 'same-origin',
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiRequestError(0, 'NETWORK_ERROR', GENERIC_ERROR_MESSAGE); // network: the generic text (errorText)
  }
  const text = await res.text();
  const json = parseJsonOrUndefined(text);
  if (!res.ok) {
    const parsed = v.safeParse(ApiErrorBody, json);
    if (parsed.success) throw new ApiRequestError(res.status, parsed.output.code, parsed.output.message, json as Record<string, unknown>);
    throw new ApiRequestError(res.status, res.status >= 500 ? 'UNEXPECTED_ERROR' : 'HTTP_' + res.status, GENERIC_ERROR_MESSAGE);
  }
  if (!opts.schema) return json as never;
  const parsed = v.safeParse(opts.schema, json);
  if (!parsed.success) {
    console.error('[api] response did not match its contract', path, v.flatten(parsed.issues));
    throw new ApiRequestError(500, 'INVALID_RESPONSE', GENERIC_ERROR_MESSAGE);
  }
  return parsed.output as never;
}

export const api = {
  get: <S extends v.GenericSchema | undefined = undefined>(path: string, opts?: RequestOptions<S>) => apiRequest('GET', path, opts),
  post: <S extends v.GenericSchema | undefined = undefined>(path: string, body?: unknown, opts?: RequestOptions<S>) => apiRequest('POST', path, { ...opts, body: body ?? {} }),
  put: <S extends v.GenericSchema | undefined = undefined>(path: string, body?: unknown, opts?: RequestOptions<S>) => apiRequest('PUT', path, { ...opts, body: body ?? {} }),
  patch: <S extends v.GenericSchema | undefined = undefined>(path: string, body?: unknown, opts?: RequestOptions<S>) => apiRequest('PATCH', path, { ...opts, body: body ?? {} }),
  del: <S extends v.GenericSchema | undefined = undefined>(path: string, opts?: RequestOptions<S>) => apiRequest('DELETE', path, opts),
};
