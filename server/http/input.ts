import type { MiddlewareHandler } from 'hono';
import { ApiError, badRequest } from './errors.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import type { AppEnv } from './types.ts';

/**
 * Input no route can use, refused before any handler or schema sees it (400 naming the field):
 * - NUL characters and lone UTF-16 surrogates in any string or object key (PostgreSQL text and jsonb refuse both);
 * - the keys __proto__, constructor and prototype (prototype pollution through loose objects);
 * - numbers JSON can carry but no field means: Infinity (1e999) and subnormals (5e-324; PostgreSQL refuses them);
 * - nesting deeper than MAX_DEPTH.
 * `checkValue` runs on every parsed JSON body (bodyMiddleware) and on every valibot input and output
 * (server/http/validate.ts: query strings and path parameters too); `urlMiddleware` refuses such URLs.
 */
export const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface BadInput {
  field: string;
  message: string;
}

/** A string that PostgreSQL and every later consumer can hold: no NUL, no lone surrogate. */
export function badString(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain a NUL character';
  if (!(s as unknown as { isWellFormed(): boolean }).isWellFormed()) return 'must not contain a lone surrogate (invalid Unicode)';
  return null;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

export function checkValue(value: unknown, path = '', depth = 0): BadInput | null {
  if (typeof value === 'string') {
    const why = badString(value);
    return why ? { field: path, message: why } : null;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { field: path, message: 'must be a finite number' };
    if (value !== 0 && Math.abs(value) < Number.MIN_VALUE * 2 ** 52) return { field: path, message: 'is too close to zero' };
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { field: path, message: `is nested too deeply (at most ${MAX_DEPTH} levels)` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = checkValue(value[i], join(path, i), depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  if (value instanceof Date) return null;
  for (const key of Object.keys(value)) {
    const keyProblem = badString(key);
    if (keyProblem) return { field: join(path, key.replace(/[\uD800-\uDFFF]/g, '\uFFFD').replaceAll('\u0000', '\uFFFD')), message: `field name ${keyProblem}` };
    if (FORBIDDEN_KEYS.has(key)) return { field: join(path, key), message: 'is not an allowed field name' };
    const bad = checkValue((value as Record<string, unknown>)[key], join(path, key), depth + 1);
    if (bad) return bad;
  }
  return null;
}

export function assertCleanValue(value: unknown, where = ''): void {
  const bad = checkValue(value, where);
  if (bad) throw badRequest(bad.field ? `${bad.field}: ${bad.message}` : `The request ${bad.message}.`, bad.field || undefined);
}

/** URLs whose path or query holds invalid percent-encoding, invalid UTF-8, NUL or lone surrogates: 400. */
export const urlMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname + url.search.replace(/\+/g, ' '));
  } catch {
    throw badRequest('The address is not valid UTF-8 percent-encoding.', 'url');
  }
  const why = badString(decoded);
  if (why) throw badRequest(`The address ${why}.`, 'url');
  await next();
};

export const payloadTooLarge = (limit: number) =>
  new ApiError(413, GenericCodes.payloadTooLarge, `The request body is too large (at most ${Math.floor(limit / 1024)} KB).`);

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The body of every request (REST and GraphQL) is read here, chunk by chunk, up to `limit` bytes: a larger one is
 * refused with 413 as soon as the count passes the limit (or at once when Content-Length says so), so a 100 MB upload
 * is never buffered. The accepted bytes must be UTF-8; a JSON body is checked with checkValue. Handlers then read the
 * buffered copy.
 */
export const bodyMiddleware =
  (limit: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const raw = c.req.raw;
    if (BODYLESS.has(c.req.method) || !raw.body) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^[0-9]+$/.test(declared) && Number(declared) > limit) {
      await raw.body.cancel().catch(() => undefined);
      c.header('Connection', 'close');
      throw payloadTooLarge(limit);
    }
    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw badRequest('The request body could not be read.');
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        c.header('Connection', 'close');
        throw payloadTooLarge(limit);
      }
      chunks.push(chunk.value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const ch of chunks) {
      bytes.set(ch, offset);
      offset += ch.byteLength;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw badRequest('The request body is not valid UTF-8.');
    }
    if (/^\s*[[{"]/.test(text)) {
      let parsed: unknown = undefined;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON after all: the route's own parser answers (400 for the JSON routes)
      }
      if (parsed !== undefined) assertCleanValue(parsed);
    }
    c.req.raw = new Request(raw, { body: bytes });
    await next();
  };
