import * as v from 'valibot';
import { OfferCode } from '../../../contracts/ordering-fields.ts';

/**
 * /menu/cart's search (docs/home.md 1, 2.1): `offer`, the reward coupon the home stream's 'Redeem' hands over
 * (`/menu/cart?offer=WELCOME50`). A value that is not an offer code is dropped here (the cart opens without it, no
 * error page); a well-formed code the member cannot use is dropped by `startingOffers` (the checkout's offers).
 */
export const cartSearchSchema = v.object({ offer: v.fallback(v.optional(OfferCode), undefined) });
export type CartSearch = v.InferOutput<typeof cartSearchSchema>;
