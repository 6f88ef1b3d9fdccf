import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { GraphQLError } from 'graphql';
import * as v from 'valibot';
import { GenericCodes } from '../../contracts/errors.ts';
import { ApiError } from '../http/errors.ts';
import { assertCleanValue } from '../http/input.ts';
import type { GqlContext } from './schema.ts';

/**
 * The one error path of the GraphQL modules (docs/architecture.md#graphql): a resolver throws an ApiError, as a
 * REST handler does, and it reaches the client as a GraphQL error whose `extensions` are the REST error body plus
 * the HTTP status it would have had: { code, message, status, field?, ...extras } (contracts/errors.ts
 * ApiErrorExtensions).
 */
export function gqlError(e: ApiError): GraphQLError {
  return createGraphQLError(e.message, { extensions: { ...e.extras, code: e.code, message: e.message, status: e.status } });
}

/** `null` in a coerced GraphQL input means "not given" (the contracts' `v.optional`): dropped before the check. */
function withoutNulls(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(withoutNulls);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).filter(([, val]) => val !== null).map(([k, val]) => [k, withoutNulls(val)]));
  return x;
}

/**
 * The rule check at the edge: the GraphQL types say what shape an input has, the contract's valibot schema what
 * it may hold (lengths, patterns, ranges, sums). 400 BAD_REQUEST naming the first field that fails.
 */
export function checkInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  try {
    assertCleanValue(input);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(400, GenericCodes.badRequest, 'input: not valid');
  }
  const r = v.safeParse(schema, withoutNulls(input) ?? {});
  if (r.success) return r.output;
  const issue = r.issues[0];
  const field = v.getDotPath(issue) ?? undefined;
  throw new ApiError(400, GenericCodes.badRequest, field ? `${field}: ${issue.message}` : issue.message, field ? { field } : {});
}

export function signedInUser(ctx: GqlContext): string {
  if (!ctx.session) throw new ApiError(401, GenericCodes.unauthorized, 'Sign in required.');
  return ctx.session.userId;
}

/** Wraps a resolver: an ApiError becomes the GraphQL error of `gqlError`; anything else is masked (a 5xx is a bug). */
export const resolver =
  <A, R, P = unknown>(fn: (args: A, ctx: GqlContext, parent: P) => Promise<R> | R) =>
  async (parent: P, args: A, ctx: GqlContext): Promise<R> => {
    try {
      return await fn(args, ctx, parent);
    } catch (e) {
      if (e instanceof ApiError) throw gqlError(e);
      throw e;
    }
  };

/**
 * An operation whose variables do not fit the schema's types (a string for an Int, a missing required field, an
 * unknown field) never reaches a resolver: graphql-js refuses it while coercing the variables. Those errors get
 * the same extensions as a resolver's 400, with the field named as the contract's check names it
 * (`Variable "$input" got invalid value 1.5 at "input.tipAmount"; ...` -> field `tipAmount`).
 */
const VARIABLE_ERROR = /^Variable "\$(\w+)" got invalid value .*?(?: at "([^"]+)")?; (.*)$/s;
const NAMED_FIELD = /^Field "(\w+)" (?:of required type "[^"]+" was not provided|is not defined by type "[^"]+")\./;

/** The field a variable coercion error is about, as a dot path inside the variable, and the reason alone. */
export function variableError(message: string): { field?: string; reason: string } | undefined {
  const m = VARIABLE_ERROR.exec(message);
  if (!m) return undefined;
  const [, name, at, reason] = m;
  let path = at ? at.replace(/\[(\d+)\]/g, '.$1').split('.') : [];
  if (path[0] === name) path = path.slice(1);
  const named = NAMED_FIELD.exec(reason!);
  if (named) path.push(named[1]!);
  const why = named ? (reason!.includes('not provided') ? 'is required' : 'is not a field of this input') : reason!;
  return path.length ? { field: path.join('.'), reason: why } : { reason: why };
}

function houseShaped(e: GraphQLError): GraphQLError {
  const ext = e.extensions ?? {};
  if (typeof ext.code === 'string' && typeof ext.status === 'number') return e;
  const http = ext.http as { status?: number } | undefined;
  const status = http?.status && http.status >= 400 && http.status < 500 ? http.status : 400;
  const variable = variableError(e.message);
  const field = variable?.field;
  return createGraphQLError(e.message, {
    nodes: e.nodes,
    source: e.source,
    positions: e.positions,
    path: e.path,
    originalError: e.originalError ?? undefined,
    extensions: { ...ext, code: GenericCodes.badRequest, message: field ? `${field}: ${variable!.reason}` : (variable?.reason ?? e.message), status, ...(field ? { field } : {}) },
  });
}

/**
 * Request errors (syntax, validation, the armor limits, variable coercion) answered without any data get the house
 * extensions too, so a client reads every GraphQL failure one way. Errors from a resolver already have them;
 * masked 5xx errors (no `status`, partial data possible) are left as graphql-yoga masks them.
 */
export const houseErrorShape: Plugin = {
  onResultProcess({ result, setResult }) {
    if (!result || Array.isArray(result) || typeof result !== 'object' || !('errors' in result)) return;
    const r = result as { data?: unknown; errors?: readonly GraphQLError[] };
    if (r.data !== undefined || !r.errors?.length) return;
    setResult({ ...r, errors: r.errors.map((e) => (e && typeof e === 'object' && 'message' in e && (e as { extensions?: Record<string, unknown> }).extensions?.unexpected !== true ? houseShaped(e) : e)) } as never);
  },
};
