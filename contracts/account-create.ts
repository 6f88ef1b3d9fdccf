import * as v from 'valibot';
import { AccountMessages } from './account-messages.ts';
import { PARTIAL_SUCCESS_MESSAGE_IDS } from './account-constants.ts';
import { EmailAddress, NewPassword, PersonName, Reputation, required, ReturnUrlField } from './account-fields.ts';

/** Account creation (spec 2 "Account creation"; contracts/account.ts re-exports them). */

export const CreateAccountErrorType = v.picklist(['validation', 'card-registration', 'reputation', 'unknown-code']);
export type CreateAccountErrorType = v.InferOutput<typeof CreateAccountErrorType>;

const Consent = v.optional(v.boolean(), false);

/**
 * POST /account/create → 200 { userExId } and the new user is signed in.
 * Product email flag: receive{product}EmailCommunications with the product 'Harbor'.
 * Physical card test numbers and the digital-card failure hook: docs/accounts.md.
 */
export const CreateAccountRequest = v.pipe(
  v.object({
    firstName: required(PersonName(AccountMessages.firstNameRequired)),
    lastName: required(PersonName(AccountMessages.lastNameRequired)),
    emailAddress: required(EmailAddress),
    password: required(NewPassword),
    /** must be true */
    termsAndConditions: v.pipe(v.optional(v.boolean(AccountMessages.termsRequired), false), v.check((t) => t === true, AccountMessages.termsRequired)),
    /** required (true) only when config account.includeStorageConsent is on */
    storageConsent: v.optional(v.boolean()),
    cardRewards: v.optional(v.picklist(['digitalCard', 'registerCard']), 'digitalCard'),
    registerCardNumber: v.optional(v.string()),
    registerCardPin: v.optional(v.string()),
    receiveHarborEmailCommunications: Consent,
    receiveGeneralEmailCommunications: Consent,
    receivePersonalizedEmailCommunications: Consent,
    country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), 'US'),
    locale: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2}-[A-Z]{2}$/)), 'en-US'),
    registrationSource: v.optional(v.literal('Web'), 'Web'),
    reputation: Reputation,
    returnUrl: ReturnUrlField,
  }),
  v.forward(
    v.check((f) => f.cardRewards !== 'registerCard' || /^[0-9]{16}$/.test(f.registerCardNumber ?? ''), AccountMessages.cardNumberInvalid),
    ['registerCardNumber'],
  ),
  v.forward(
    v.check((f) => f.cardRewards !== 'registerCard' || /^[0-9]{8}$/.test(f.registerCardPin ?? ''), AccountMessages.cardPinInvalid),
    ['registerCardPin'],
  ),
);
export type CreateAccountRequest = v.InferInput<typeof CreateAccountRequest>;

export const CreateAccountResponse = v.object({ userExId: v.string(), returnUrl: v.optional(v.string()) });
export type CreateAccountResponse = v.InferOutput<typeof CreateAccountResponse>;

/**
 * Create-account error body (plus `code`):
 *  400 type 'validation': field (the form field's name), message, messageId; code 'BAD_REQUEST',
 *      'EMAIL_NOT_AVAILABLE', '111011' or '111022';
 *  422 type 'card-registration': the account WAS created and the user IS signed in (userExId present);
 *      cardType 'digital' → /account/create/partial-success/<messageId>;
 *      cardType 'physical' → /account/cards?mode=from_account_create&card_error=<errorCode>;
 *      errorCode '121001' (messageId card-information-error), '122000' or '121030' (card-state-error),
 *      'DIGITAL_CARD_PROVISION_ERROR' (card-state-error);
 *  403 type 'reputation' (code REPUTATION_REJECTED); 429 / 5xx type 'unknown-code'.
 */
export const CreateAccountErrorBody = v.looseObject({
  code: v.string(),
  message: v.string(),
  type: CreateAccountErrorType,
  messageId: v.optional(v.string()),
  field: v.optional(v.string()),
  cardType: v.optional(v.picklist(['digital', 'physical'])),
  errorCode: v.optional(v.string()),
  userExId: v.optional(v.string()),
});
export type CreateAccountErrorBody = v.InferOutput<typeof CreateAccountErrorBody>;

export const PartialSuccessMessageId = v.picklist(PARTIAL_SUCCESS_MESSAGE_IDS);
