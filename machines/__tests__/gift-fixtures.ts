/**
 * Shared by the gift machines' model tests. `giftCatalogue`: message key → text (TEMPORARY literal copy of
 * docs/gifting.md until contracts/gift-messages.ts is merged; then it is `GiftMessages`).
 */
export const giftCatalogue: Record<string, string> = {
  giftSending: 'Sending your gift…',
  giftStillSending: 'Still sending your gift…',
  giftFetchError: 'Could not find the card(s) you were looking for.',
  giftDuplicateHeading: 'Each recipient needs their own email',
  giftProcessing: "Your gift is still being processed. We'll email you a receipt when it's sent.",
  paymentMissing: 'Add a payment method',
  cardTokenExpired: 'Your card details timed out. Please enter them again.',
  generic: 'Something went wrong. Please try again.',
};
