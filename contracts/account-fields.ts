import * as v from 'valibot';
import { AccountMessages } from './account-messages.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-constants.ts';

/**
 * The account contract's field schemas (contracts/account.ts re-exports them): forms validate with them, the server
 * too. Each flow's requests and answers are a module of their own (account-signin.ts, account-create.ts, ...), so a
 * page loads only its own schemas (docs/architecture.md#performance).
 */

/**
 * A required text field whose absence gets the field's own message (valibot would otherwise report a missing
 * key with a generic "Invalid key" message): a missing value is validated as ''.
 */
export const required = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, '');

export const EmailAddress = v.pipe(
  v.string(AccountMessages.emailRequired),
  v.trim(),
  v.nonEmpty(AccountMessages.emailRequired),
  v.maxLength(EMAIL_MAX_LENGTH, AccountMessages.emailInvalid),
  v.email(AccountMessages.emailInvalid),
);

/** Password policy as far as the client can check it; the server also refuses common passwords and the email. */
export const NewPassword = v.pipe(
  v.string(AccountMessages.addPassword),
  v.nonEmpty(AccountMessages.addPassword),
  v.minLength(PASSWORD_MIN_LENGTH, AccountMessages.passwordTooShort),
  v.maxLength(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong),
);

// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f<>]*$/;
export const PersonName = (required: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(NAME_MAX_LENGTH, AccountMessages.nameTooLong), v.regex(NO_CONTROL, AccountMessages.nameInvalid));

/** 10 digits; spaces, dots, dashes and parentheses are removed first ("(206) 555-0100" is fine). */
export const PhoneNumber = v.pipe(
  v.string(AccountMessages.phoneInvalid),
  v.transform((s) => s.replace(/[\s().-]/g, '')),
  v.regex(/^[0-9]{10}$/, AccountMessages.phoneInvalid),
);

export const OneTimeCode = v.pipe(v.string(AccountMessages.invalidCode), v.trim(), v.regex(/^[0-9]{6}$/, AccountMessages.invalidCode));

/** Device and fraud reputation data sent with sign-in, SSO and account creation; recorded, never echoed. */
export const Reputation = v.optional(
  v.looseObject({
    /** documented test hook: 'high' makes account creation fail with type 'reputation' */
    risk: v.optional(v.string()),
  }),
  {},
);

export const ReturnUrlField = v.optional(v.pipe(v.string(), v.maxLength(2048)));

/** `{ ok: true }`: the answer of the requests that return nothing else */
export const OkResponse = v.object({ ok: v.literal(true) });
