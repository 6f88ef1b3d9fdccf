import * as v from 'valibot';

/**
 * The shape of every opaque id the server hands out (cards, payment methods, billing addresses). A small module of
 * its own: route files validate search params with it, and what a route file imports lands in the entry bundle.
 */
export const OPAQUE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** An opaque id in a URL's search: a malformed one is dropped by the route's search validation. */
export const OpaqueId = v.pipe(v.string(), v.regex(OPAQUE_ID));
