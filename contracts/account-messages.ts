/**
 * Account texts and error codes (spec 2): kept apart from contracts/account.ts (schemas, password strength) so
 * the error catalogue, which every route loads, does not carry those (docs/architecture.md#performance);
 * contracts/account.ts re-exports them.
 */
export const AccountMessages = {
  usernameRequired: 'Enter an email/username.',
  passwordRequired: 'Enter a password.',
  invalidCredentials: 'The email or password you entered is not valid. Please try again.',
  invalidCode: 'The code you entered is not valid. Please try again.',
  codeExpired: 'This code has expired. Request a new code and try again.',
  signInUnsuccessfulTitle: 'Sign in unsuccessful.',
  signInUnsuccessful: 'Sorry, we were unable to log you in. Please try again.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  mfaChallenge: 'Enter the code we sent to your phone.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  emailNotAvailable: 'Email address is not available.',
  firstNameRequired: 'Enter your first name.',
  lastNameRequired: 'Enter your last name.',
  nameTooLong: 'Use 50 characters or fewer.',
  nameInvalid: 'Enter a name without special characters.',
  termsRequired: 'Please agree to the Terms of Use.',
  storageConsentRequired: 'Please agree to the storage conditions.',
  cardNumberInvalid: 'A valid card number has 16 digits.',
  cardPinInvalid: 'A valid security code has 8 digits.',
  /** the phone field's hint (spec 2 section 5) */
  phoneHint: 'Please enter a 10-digit phone number.',
  /** the phone field's error: not the hint again (issue 8); the spec gives only the hint */
  phoneInvalid: "That phone number isn't valid. Enter 10 digits, for example 206 555 0123.",
  addPassword: 'Add password',
  passwordTooShort: 'Use at least 8 characters.',
  passwordTooLong: 'Use 128 characters or fewer.',
  passwordTooCommon: 'This password is too common. Choose a less common password.',
  passwordTooGuessable: 'This password is too easy to guess. Try a few unrelated words.',
  passwordIsEmail: 'Your password cannot be your email address.',
  passwordReused: 'Choose a password you have not used recently.',
  passwordResetFailed: 'Password reset failed',
  resetLinkExpired: 'Forgot password link expired',
  currentPasswordInvalid: 'The password you entered is not valid. Please try again.',
  reauthRequired: 'For your security, confirm your identity to continue.',
  createFailed: 'Sorry, we were unable to create your account. Please try again.',
  cardInformationError: "That card number or security code doesn't look right.",
  cardAlreadyRegistered: 'This card is already registered.',
  cardInactive: 'This card is inactive. Have a barista activate it.',
  digitalCardFailed: 'We could not issue your digital card.',
  partnerNumberInvalid: 'Enter a valid partner number (5 to 10 digits).',
  birthdayInvalid: 'Enter a valid birthday.',
  ssoFailed: 'Sorry, we were unable to log you in. Please try again.',
} as const;

/** `code` values of account errors (besides contracts/errors.ts GenericCodes: BAD_REQUEST, UNAUTHORIZED, RATE_LIMITED, ...). */
export const AccountErrorCodes = {
  /** sign-in: 401, same body for an unknown email and a wrong password */
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** sign-in: 401 with challengeId and mfaChallengeMethods; an SMS code was sent */
  mfaChallengeRequired: 'MFA_CHALLENGE_REQUIRED',
  /** any one-time code (sign-in MFA, email change, MFA re-auth, MFA phone): 400 wrong code */
  invalidCode: 'INVALID_CODE',
  /** one-time code expired (10 min), used, attempts exhausted (5), or none pending: 410 */
  codeExpired: 'CODE_EXPIRED',
  /** SSO token unknown, used or expired: 401 */
  ssoTokenInvalid: 'SSO_TOKEN_INVALID',
  /** reset token unknown, used, superseded or expired (1 h): 410 */
  resetTokenExpired: 'RESET_TOKEN_EXPIRED',
  /** spec 5: new password reuses one of the last 5 */
  passwordReused: '111084',
  /** spec 5: password missing ('Add password') */
  passwordMissing: '111011',
  /** spec 5: password fails the policy (length, common, equals email) */
  passwordInvalid: '111022',
  /** settings: the current password given for re-authentication is wrong: 400 field currentPassword/password */
  currentPasswordInvalid: 'CURRENT_PASSWORD_INVALID',
  /** MFA settings need a second-factor check within REAUTH_WINDOW_MS: 403 */
  reauthRequired: 'REAUTH_REQUIRED',
  /** create account / change email: 400 field emailAddress (or newEmail) */
  emailNotAvailable: 'EMAIL_NOT_AVAILABLE',
  /** create account: reputation check refused (type 'reputation'): 403 */
  reputationRejected: 'REPUTATION_REJECTED',
  /** create account card registration (type 'card-registration', 422): errorCode is one of these */
  cardInformationError: '121001',
  cardAlreadyRegistered: '122000',
  cardInactive: '121030',
  digitalCardProvisionError: 'DIGITAL_CARD_PROVISION_ERROR',
} as const;

export const MfaChallengeErrorCode = AccountErrorCodes.mfaChallengeRequired;

export const PartialSuccessMessages = {
  'card-information-error': 'Please try entering your card information again.',
  'card-state-error': 'Please try another card.',
} as const;
