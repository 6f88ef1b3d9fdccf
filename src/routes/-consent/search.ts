import * as v from 'valibot';

/**
 * A free-text search parameter (OAuth parameters, platform, tokens). The router's search parser reads values that
 * look like JSON as JSON (state=12345 arrives as the number 12345, platform=true as a boolean): those are turned back
 * into their text, so a numeric OAuth state still makes the round trip. Anything else, or too long: absent.
 */
export const TextParam = (max: number) =>
  v.fallback(v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String), v.maxLength(max))), undefined);
