/**
 * Sign-in and create-account page variants (spec 2 section 2), chosen with the `variant` search parameter:
 *   ?variant=hotel-link | hotel-unlink | airline | promo
 * Unknown values are ignored (the default page).
 */
import type { AccountVariant } from './variant-names.ts';

export { ACCOUNT_VARIANTS, type AccountVariant } from './variant-names.ts';

export interface VariantText {
  heading: string;
  subheading: string;
}

export function signInVariantText(variant: AccountVariant | undefined, product: string): VariantText {
  switch (variant) {
    case 'hotel-link':
      return { heading: 'Link your hotel partner account', subheading: `Sign in to link your ${product} Rewards account with your hotel partner account.` };
    case 'hotel-unlink':
      return { heading: 'Unlink your hotel partner account', subheading: `Sign in to unlink your hotel partner account from ${product} Rewards.` };
    case 'airline':
      return { heading: 'Finish linking your accounts', subheading: `Sign in to finish linking your airline account with ${product} Rewards.` };
    case 'promo':
      return { heading: 'Sign in to redeem this offer', subheading: 'Sign in or create an account to redeem the offer.' };
    default:
      return { heading: 'Sign in or create an account', subheading: `Earn Stars and rewards with ${product} Rewards.` };
  }
}

export function createVariantText(variant: AccountVariant | undefined, product: string): VariantText {
  switch (variant) {
    case 'hotel-link':
      return { heading: 'Join and link your hotel partner account', subheading: `Create a ${product} Rewards account to link it with your hotel partner account.` };
    case 'hotel-unlink':
      return { heading: 'Unlink your hotel partner account', subheading: `Create a ${product} Rewards account, then unlink your hotel partner account from it.` };
    case 'airline':
      return { heading: 'Join to finish linking your accounts', subheading: `Create a ${product} Rewards account to finish linking your airline account.` };
    case 'promo':
      return { heading: 'Create an account to redeem this offer', subheading: 'Sign in or create an account to redeem the offer.' };
    default:
      return { heading: 'Create an account', subheading: `Join ${product} Rewards: earn Stars on every order and get free drinks.` };
  }
}
