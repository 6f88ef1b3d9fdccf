import * as v from 'valibot';
import { AccountMessages } from './account-messages.ts';

/**
 * The answers of the account's reads (GET /account/profile, /account/partner-number,
 * /account/reset-password/:token/status): kept apart from contracts/account.ts (which re-exports their types only),
 * so the pages that only read (the profile, the expired reset link) do not load every account schema
 * (docs/architecture.md#performance).
 */

/** GET /account/reset-password/:token/status → 200 { valid: true } or 410 { code: 'RESET_TOKEN_EXPIRED', message: resetLinkExpired } */
export const ResetTokenStatusResponse = v.object({ valid: v.literal(true) });

/** GET /account/profile → Profile; PATCH /account/profile ProfilePatch → Profile */
export const Profile = v.object({
  userExId: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  birthday: v.nullable(v.object({ month: v.number(), day: v.number() })),
});
export type Profile = v.InferOutput<typeof Profile>;

/** GET /account/partner-number → PartnerNumber; PUT /account/partner-number PartnerNumber → PartnerNumber (null removes) */
export const PartnerNumber = v.object({
  partnerNumber: v.nullable(v.pipe(v.string(AccountMessages.partnerNumberInvalid), v.trim(), v.regex(/^[0-9]{5,10}$/, AccountMessages.partnerNumberInvalid))),
});
export type PartnerNumber = v.InferOutput<typeof PartnerNumber>;
