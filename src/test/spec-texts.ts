/**
 * The spec's texts as literals (spec 2 sections 4, 5 and 8; the server's messages as the fakes send them), for view
 * tests: a message the machine holds is asserted to be one of these before it is looked for on screen, so a
 * changed text in the catalogue (contracts/account.ts, src/services/error-catalogue.ts) fails a view test instead
 * of being "correctly shown".
 */
import { expect } from 'vitest';

export const ACCOUNT_TEXTS = [
  // sign-in (spec 2 section 5, section 8 "Account and session")
  'Enter an email/username.',
  'Enter a password.',
  'The email or password you entered is not valid. Please try again.',
  'Too many attempts. Please wait a few minutes and try again.',
  'Too many attempts.',
  'The code you entered is not valid. Please try again.',
  'This code has expired. Request a new code and try again.',
  'Something went wrong. Please try again.',
  // passwords
  'The password you entered is not valid. Please try again.',
  'Use at least 8 characters.',
  'Choose a password you have not used recently.',
  'Add password',
  'This password is too common. Choose a less common password.',
  // email, names, terms, card, phone, birthday, partner number
  'Please enter your email address.',
  'Please enter a valid email address.',
  'Email address is not available.',
  'Enter your first name.',
  'Enter your last name.',
  'Please agree to the Terms of Use.',
  'Please agree to the storage conditions.',
  'A valid card number has 16 digits.',
  'A valid security code has 8 digits.',
  'Please enter a 10-digit phone number.',
  // the phone error: the spec gives only the hint above; the error says it in other words (issue 8)
  "That phone number isn't valid. Enter 10 digits, for example 206 555 0123.",
  'Enter a valid birthday.',
  'Enter a valid partner number (5 to 10 digits).',
] as const;

/** `text` (held by the machine) is one of the spec's literal texts; returns it to look for on screen. */
export function specText(text: string | null | undefined, allowed: readonly string[] = ACCOUNT_TEXTS): string {
  expect(allowed, `'${text}' is not a spec text`).toContain(text);
  return text!;
}

/** Spec 3 section 8 "Rewards and stream" and section 2 "Rewards area" texts (literals; contracts/rewards-messages.ts). */
export const REWARDS_TEXTS = [
  'Uh oh!',
  'Benefits information will be available soon.',
  'Something went wrong. Please try again.',
  'Join Now',
  'Earn Stars',
  'Get Rewarded',
  'Indulge in the Benefits',
  'How It Works',
  'My Rewards',
] as const;

/** spec 3 section 8 "Promo redemption" and "Opt-in pages" (with the design's chosen opt-in texts, docs/rewards.md 1) */
export const REWARDS_PROMO_TEXTS = [
  'Success!',
  'Your Reward may take up to 24 hours to show.',
  "Looks like you're not eligible for this offer.",
  'Looks like this offer could not be validated. Please try again.',
  'Looks like this offer can no longer be redeemed.',
  'Looks like you tried to redeem this offer too soon. Try again later.',
  'Something went wrong. Please try again.',
  "We're working on this issue, so please try again soon. For immediate help, please visit our customer service page.",
  'This offer expired.',
  'This event is over.',
  // chosen (docs/rewards.md 1): headings, the other bodies, the disclaimer
  "You're in!",
  'Your bonus is ready: earn it on your next orders.',
  'Earn bonus Stars on every order during the event.',
  'You already chose this offer',
  'Your bonus is active: earn it on your next orders.',
  "You're already in",
  'The event is on: earn bonus Stars on every order until it ends.',
  'You joined this offer elsewhere; it is active on your account.',
  'Sorry!',
  'Uh oh!',
  'This offer is exclusive to your account and cannot be transferred.',
] as const;

/** spec 3 section 8 "Partner flow" (and spec 2 section 2's hotel-link / hotel-unlink sign-in headings as built) */
export const PARTNER_TEXTS = [
  'Hmm.',
  "Something didn't go as planned, but we're on it! Please try again.",
  "You're actually not linked!",
  "You're already linked!",
  'Your accounts are now unlinked.',
  "You're all set!",
  'Unlink your accounts',
] as const;
