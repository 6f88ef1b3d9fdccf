import * as v from 'valibot';
import { AccountMessages } from './account-messages.ts';
import { PersonName, PhoneNumber } from './account-fields.ts';

/**
 * Personal details (/account/personal; contracts/account.ts re-exports them). Signed in only, like every setting.
 */

export const Birthday = v.pipe(
  v.object({ month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)), day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)) }),
  v.check((b) => b.day <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][b.month - 1]!, AccountMessages.birthdayInvalid),
);


export const ProfilePatch = v.object({
  firstName: v.optional(PersonName(AccountMessages.firstNameRequired)),
  lastName: v.optional(PersonName(AccountMessages.lastNameRequired)),
  /** null removes it */
  phoneNumber: v.optional(v.nullable(PhoneNumber)),
  birthday: v.optional(v.nullable(Birthday)),
});
export type ProfilePatch = v.InferInput<typeof ProfilePatch>;
