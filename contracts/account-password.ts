import * as v from 'valibot';
import { AccountMessages } from './account-messages.ts';

/** Changing the password in the settings (contracts/account.ts re-exports it). */

/**
 * POST /account/settings/password → 200 { ok: true }; every other session of the user ends.
 * Errors: 400 CURRENT_PASSWORD_INVALID (field currentPassword); '111011' / '111022' / '111084' (field newPassword);
 * 429 RATE_LIMITED after 5 wrong current passwords in 15 minutes.
 */
export const ChangePasswordRequest = v.object({
  /**
   * Required unless the session re-authenticated (password, then the SMS code where the account has one) within
   * the re-authentication window: that check stands for it, so the page does not ask twice (docs/accounts.md).
   */
  currentPassword: v.optional(v.pipe(v.string(AccountMessages.passwordRequired), v.nonEmpty(AccountMessages.passwordRequired), v.maxLength(1024))),
  newPassword: v.optional(v.string(), ''),
});
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequest>;
