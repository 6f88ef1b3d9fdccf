import * as v from 'valibot';

/** The answer of SSO sign-in (contracts/account.ts re-exports it, with the request). */

/**
 * POST /account/signin/sso/:token?returnUrl= { reputation } → 200 { returnUrl } (returnUrl '/account/for-you'
 * when none or unsafe) and a new session. 401 SSO_TOKEN_INVALID for unknown, used or expired tokens (5 minutes).
 */
export const SsoSignInResponse = v.object({ returnUrl: v.string() });
export type SsoSignInResponse = v.InferOutput<typeof SsoSignInResponse>;
