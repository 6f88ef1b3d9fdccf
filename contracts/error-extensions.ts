import * as v from 'valibot';
import { ApiErrorBody } from './errors.ts';

/**
 * A GraphQL error's `extensions`: the one error body (contracts/errors.ts) plus the HTTP status the failure would
 * have had over REST (`errors[0].extensions = { code, message, status, field?, ...extras }`; server/graphql/errors.ts).
 * The client turns it into the same error object as a REST failure (src/services/graphql.ts). Apart from errors.ts,
 * which every page loads: only the pages that make GraphQL calls carry this schema (docs/architecture.md#performance).
 */
export const ApiErrorExtensions = v.looseObject({ ...ApiErrorBody.entries, status: v.number() });
