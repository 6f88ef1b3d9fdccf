import * as v from 'valibot';

/** The answer of sign-out (contracts/account.ts re-exports it, with the request); its own module, as /account/signin signs out too. */

/** POST /account/signout { returnUrl? } → 200 { returnUrl } ('/' when none or unsafe); session row and cookie gone. */
export const SignOutResponse = v.object({ returnUrl: v.string() });
