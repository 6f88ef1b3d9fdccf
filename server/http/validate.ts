import * as v from 'valibot';
import type { Context } from 'hono';
import { badRequest } from './errors.ts';
import { assertCleanValue } from './input.ts';

/** Formats the first valibot issue as "field: message" and names the field. */
function fail(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): never {
  const issue = issues[0];
  const field = v.getDotPath(issue) ?? undefined;
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message, field, {
    issues: issues.slice(0, 10).map((i) => ({ field: v.getDotPath(i), message: i.message })),
  });
}

/**
 * Validates with the contract's schema. Before it, every string and key of the input is checked (no NUL, no lone
 * surrogate, no prototype keys, bounded depth: server/http/input.ts); after it, the output too (a query string
 * transformed to a number must not become a subnormal such as 5e-324).
 */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  assertCleanValue(input);
  const r = v.safeParse(schema, input);
  if (!r.success) fail(r.issues);
  assertCleanValue(r.output);
  return r.output;
}

export async function parseJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  // the size limit was enforced while the body streamed in (server/http/input.ts: bodyMiddleware)
  const text = await c.req.text();
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  return parse(schema, body);
}

export function parseQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parse(schema, c.req.query());
}

export function parseParams<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parse(schema, c.req.param());
}
