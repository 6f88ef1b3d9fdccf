/**
 * The gift form's rules (spec 3 section 4 "the gift form is complete only when…", "Gift total", section 5 "Gift
 * form", section 9; docs/gifting.md 2.2). Pure: the form machine's guards and actions, and the view's live total,
 * read them. Errors are message keys of `GiftMessages` (contracts/gift-messages.ts), keyed by the spec's field
 * names (`recipientName{n}`, `recipientEmail{n}`, n from 1).
 */
import * as v from 'valibot';

import { GIFT_PRODUCT_NUMBER, GiftTexts, RECIPIENT_NAME_MAX, type GiftMessageKey } from '../contracts/gift.ts';

export { GIFT_MESSAGE_MAX, GIFT_PRODUCT_NUMBER, INITIAL_RECIPIENTS, MAX_RECIPIENTS, RECIPIENT_NAME_MAX } from '../contracts/gift.ts';

export interface GiftRecipient {
  id: string;
  recipientName: string;
  recipientEmail: string;
}
/** spec 3 "Gift form" */
export interface GiftFormData {
  productNumber: string;
  senderName: string;
  senderEmail: string;
  /** a preset in cents, or 'custom' (then `customAmount`, whole dollars typed by the user) */
  amount: number | 'custom';
  customAmount: string;
  message: string;
  recipients: GiftRecipient[];
}
/** the amount part of the client config's `gifting` block (cents) */
export interface GiftAmountConfig {
  giftAmountOptions: readonly number[];
  defaultGiftAmountOption: number;
  customAmountMin: number;
  customAmountMax: number;
}

/** the form messages of spec 8, by their `GiftMessages` key */
export type GiftFormMessageKey = Extract<
  GiftMessageKey,
  | 'giftMessageEmpty'
  | 'giftDesignMissing'
  | 'giftAmountRange'
  | 'senderNameMissing'
  | 'senderEmailMissing'
  | 'recipientNameMissing'
  | 'recipientEmailMissing'
  | 'recipientNameTooLong'
  | 'paymentMissing'
>;
export type GiftFormErrors = Partial<Record<string, GiftFormMessageKey>>;

const Email = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(254), v.email());
export const isEmail = (s: string) => v.is(Email, s);

/** the gift's amount in cents, or null when none is chosen or the custom amount is not valid */
export function amountCents(form: Pick<GiftFormData, 'amount' | 'customAmount'>, config: GiftAmountConfig): number | null {
  if (form.amount !== 'custom') return config.giftAmountOptions.includes(form.amount) ? form.amount : null;
  const typed = form.customAmount.trim();
  if (!/^[0-9]{1,6}$/.test(typed)) return null;
  const cents = Number(typed) * 100;
  return cents >= config.customAmountMin && cents <= config.customAmountMax ? cents : null;
}

/** spec 4: the number of recipients times the amount (0 while no valid amount is chosen) */
export function giftTotal(form: Pick<GiftFormData, 'amount' | 'customAmount' | 'recipients'>, config: GiftAmountConfig): number {
  return (amountCents(form, config) ?? 0) * form.recipients.length;
}

/** step 1 of a member (design, amount, message) */
export function amountStepErrors(form: GiftFormData, config: GiftAmountConfig): GiftFormErrors {
  const errors: GiftFormErrors = {};
  if (!GIFT_PRODUCT_NUMBER.test(form.productNumber)) errors.productNumber = 'giftDesignMissing';
  if (amountCents(form, config) === null) errors.amount = 'giftAmountRange';
  // optional (spec 5); a message of only spaces would be sent empty, so it is refused with the spec's text
  if (form.message.length > 0 && form.message.trim() === '') errors.message = 'giftMessageEmpty';
  return errors;
}

/** step 2 of a member (sender and recipients) */
export function recipientStepErrors(form: GiftFormData): GiftFormErrors {
  const errors: GiftFormErrors = {};
  if (!form.senderName.trim()) errors.senderName = 'senderNameMissing';
  if (!isEmail(form.senderEmail)) errors.senderEmail = 'senderEmailMissing';
  form.recipients.forEach((r, i) => {
    const n = i + 1;
    const name = r.recipientName.trim();
    if (!name) errors[`recipientName${n}`] = 'recipientNameMissing';
    else if (name.length > RECIPIENT_NAME_MAX) errors[`recipientName${n}`] = 'recipientNameTooLong';
    if (!isEmail(r.recipientEmail)) errors[`recipientEmail${n}`] = 'recipientEmailMissing';
  });
  return errors;
}

/** the whole form (a guest's one step; spec 4 "complete only when…") */
export function formErrors(form: GiftFormData, config: GiftAmountConfig): GiftFormErrors {
  return { ...amountStepErrors(form, config), ...recipientStepErrors(form) };
}
export const isComplete = (form: GiftFormData, config: GiftAmountConfig) => Object.keys(formErrors(form, config)).length === 0;

export type GiftStep = 'amount' | 'recipients' | 'details' | 'payment';
/** spec 2/9: 3 steps signed in, 2 otherwise (docs/gifting.md 1 "Steps") */
export function giftSteps(signedIn: boolean): GiftStep[] {
  return signedIn ? ['amount', 'recipients', 'payment'] : ['details', 'payment'];
}
export const stepTitles: Record<GiftStep, string> = { amount: GiftTexts.stepAmount, recipients: GiftTexts.stepRecipients, details: GiftTexts.stepDetails, payment: GiftTexts.stepPayment };

/** a new empty recipient */
export const emptyRecipient = (id: string): GiftRecipient => ({ id, recipientName: '', recipientEmail: '' });

/** the first free recipient id (r1, r2…): stable ids for React keys and for removal */
export function nextRecipientId(recipients: readonly GiftRecipient[]): string {
  for (let i = 1; ; i++) if (!recipients.some((r) => r.id === `r${i}`)) return `r${i}`;
}

/** dollars for the total line: 2500 → '$25.00' */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;
