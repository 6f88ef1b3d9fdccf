import * as v from 'valibot';

/**
 * The rewards ids a route's search or params check (docs/architecture.md "Performance"): a route's `validateSearch`,
 * params and `beforeLoad` stay in the entry chunk, so what they import loads on every first visit. This module holds
 * only those schemas; contracts/rewards.ts re-exports them with the rest of the rewards contract.
 */

/** ?matchId= of /rewards/promo/redeem and the path of GET /campaign-links/{matchId} */
export const MatchId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{4,64}$/, 'Give a valid match id.'));
