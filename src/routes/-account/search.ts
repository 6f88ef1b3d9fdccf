/** Search-parameter schemas of the account routes (valibot, passed straight to validateSearch). */
import * as v from 'valibot';
import { safeReturnUrl } from '../../../contracts/return-url.ts';
import { ACCOUNT_VARIANTS } from '../../views/account/variant-names.ts';

/** Only same-origin relative paths are kept; anything else is dropped (ignored), never an error page. */
export const ReturnUrlParam = v.fallback(v.optional(v.pipe(v.string(), v.check((s) => safeReturnUrl(s) !== null))), undefined);

/** ?variant=hotel-link | hotel-unlink | airline | promo (spec 2 section 2 "variants"); unknown values ignored. */
export const VariantParam = v.fallback(v.optional(v.picklist(ACCOUNT_VARIANTS)), undefined);

export const ReturnUrlSearch = v.object({ returnUrl: ReturnUrlParam });
export const AccountEntrySearch = v.object({ returnUrl: ReturnUrlParam, variant: VariantParam });
