import * as v from 'valibot';
import type { Context } from 'hono';
import { badRequest } from './errors.ts';

/** Formats the first valibot issue as "field: message" and names the field. */
function fail(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): never {
  const issue = issues[0];
  const field = v.getDotPath(issue) ?? undefined;
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message, field, {
    issues: issues.slice(0, 10).map((i) => ({ field: v.getDotPath(i), message: i.message })),
  });
}

export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success) fail(r.issues);
  return r.output;
}

export async function parseJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  const text = await c.req.text();
  if (text.length > 64 * 1024) throw badRequest('The request body is too large.');
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
