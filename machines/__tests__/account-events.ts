/**
 * The events (with real payloads) of the account machines' models, shared by the model-based path tests
 * (machines/__tests__/*.paths.test.ts) and the view tests that walk the same paths (src/views/account/*.test.tsx).
 */
import { apiError, serverDown } from './account-fakes.ts';
import type { CreateAccountForm } from '../create-account.machine.ts';
import { PREFERENCE_KEYS } from '../communication-preferences.machine.ts';

// ---- sign-in
export const mfaChallenge = apiError(401, 'MFA_CHALLENGE_REQUIRED', 'Enter the code we sent to your phone.', {
  challengeId: 'c'.repeat(22),
  mfaChallengeMethods: [{ id: 'c'.repeat(22), phoneNumber: '•••-•••-1234', phoneSmsState: 'sent' }],
});
export const signInEvents = [
  { type: 'user.submit', username: 'ana@example.com', password: 'correct horse', rememberMe: false },
  { type: 'user.submit', username: '', password: '', rememberMe: false },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.submitCode', code: '12' },
  { type: 'user.cancelCode' },
  { type: 'xstate.done.actor.signIn', output: { returnUrl: '/store-locator?favorites=1' }, actorId: 'signIn' },
  { type: 'xstate.error.actor.signIn', error: mfaChallenge, actorId: 'signIn' },
  { type: 'xstate.error.actor.signIn', error: apiError(401, 'INVALID_CREDENTIALS', 'The email or password you entered is not valid. Please try again.', { messageId: 'invalid-credentials' }), actorId: 'signIn' },
  { type: 'xstate.error.actor.signIn', error: apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.'), actorId: 'signIn' },
  { type: 'xstate.error.actor.signIn', error: apiError(500, 'UNEXPECTED_ERROR', 'Something went wrong. Please try again.'), actorId: 'signIn' },
  { type: 'xstate.done.actor.verifyCode', output: {}, actorId: 'verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: apiError(400, 'INVALID_CODE', 'The code you entered is not valid. Please try again.'), actorId: 'verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: apiError(410, 'CODE_EXPIRED', 'This code has expired. Request a new code and try again.'), actorId: 'verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: apiError(429, 'RATE_LIMITED', 'Too many attempts.'), actorId: 'verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: apiError(0, 'NETWORK_ERROR', 'offline'), actorId: 'verifyCode' },
  { type: 'user.resendCode' },
  { type: 'xstate.done.actor.resendCode', output: { challengeId: 'd'.repeat(22), mfaChallengeMethods: [{ id: 'd'.repeat(22), phoneNumber: '•••-•••-1234', phoneSmsState: 'sent' }] }, actorId: 'resendCode' },
  { type: 'xstate.error.actor.resendCode', error: apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.'), actorId: 'resendCode' },
  { type: 'xstate.error.actor.resendCode', error: apiError(410, 'CODE_EXPIRED', 'This code has expired. Request a new code and try again.'), actorId: 'resendCode' },
  { type: 'xstate.error.actor.resendCode', error: apiError(500, 'UNEXPECTED_ERROR', 'Something went wrong. Please try again.'), actorId: 'resendCode' },
  { type: 'xstate.done.actor.paymentSignIn', output: undefined, actorId: 'paymentSignIn' },
  { type: 'xstate.error.actor.paymentSignIn', error: new Error('payment service down'), actorId: 'paymentSignIn' },
] as const;

// ---- sso
export const ssoEvents = [
  { type: 'xstate.done.actor.ssoSignIn', output: { returnUrl: '/account/cards' }, actorId: 'ssoSignIn' },
  { type: 'xstate.error.actor.ssoSignIn', error: apiError(401, 'SSO_TOKEN_INVALID', 'Sorry, we were unable to log you in. Please try again.'), actorId: 'ssoSignIn' },
] as const;

// ---- sign-out
export const signOutEvents = [
  { type: 'xstate.done.actor.signOut', output: { returnUrl: '/menu' }, actorId: 'signOut' },
  { type: 'xstate.error.actor.signOut', error: serverDown, actorId: 'signOut' },
] as const;

// ---- forgot-password
export const forgotPasswordEvents = [
  { type: 'user.submit', emailAddress: 'ana@example.com' },
  { type: 'user.submit', emailAddress: 'not-an-email' },
  { type: 'xstate.done.actor.sendResetLink', output: { ok: true }, actorId: 'sendResetLink' },
  { type: 'xstate.error.actor.sendResetLink', error: serverDown, actorId: 'sendResetLink' },
] as const;

// ---- reset-password
export const resetPasswordEvents = [
  { type: 'user.submit', newPassword: 'a much better secret' },
  { type: 'user.submit', newPassword: 'short' },
  { type: 'xstate.done.actor.resetPassword', output: { ok: true }, actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: apiError(400, '111084', 'Choose a password you have not used recently.', { field: 'newPassword' }), actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: apiError(400, '111011', 'Add password', { field: 'newPassword' }), actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: apiError(400, '111022', 'This password is too common. Choose a less common password.', { field: 'newPassword' }), actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: apiError(410, 'RESET_TOKEN_EXPIRED', 'Forgot password link expired'), actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: serverDown, actorId: 'resetPassword' },
] as const;

export const RESET_TOKEN = 'A'.repeat(43);

// ---- create-account
export const validForm: CreateAccountForm = {
  firstName: 'Ana',
  lastName: 'Lima',
  emailAddress: 'ana@example.com',
  password: 'a long enough secret',
  termsAndConditions: true,
  storageConsent: true,
  registerCardNumber: '6000000000000001',
  registerCardPin: '12345678',
  receiveHarborEmailCommunications: false,
  receiveGeneralEmailCommunications: true,
  receivePersonalizedEmailCommunications: false,
};
export const emptyForm: CreateAccountForm = { ...validForm, firstName: '', lastName: '', emailAddress: '', password: '', termsAndConditions: false, storageConsent: false, registerCardNumber: '', registerCardPin: '' };
export const badCard: CreateAccountForm = { ...validForm, registerCardNumber: '6000 0000', registerCardPin: '1' };

export const cardError = (cardType: 'digital' | 'physical', errorCode: string, messageId: string) =>
  apiError(422, errorCode, "That card number or security code doesn't look right.", { type: 'card-registration', cardType, errorCode, messageId, userExId: 'u1' });

export const createAccountEvents = [
  { type: 'user.submit', values: validForm },
  { type: 'user.submit', values: emptyForm },
  { type: 'user.submit', values: badCard },
  { type: 'user.toggleCardSection' },
  { type: 'user.chooseCardRewards', cardRewards: 'registerCard' },
  { type: 'user.chooseCardRewards', cardRewards: 'digitalCard' },
  { type: 'user.cardFieldsFilled' },
  { type: 'xstate.done.actor.createAccount', output: { userExId: 'u1' }, actorId: 'createAccount' },
  { type: 'xstate.error.actor.createAccount', error: apiError(400, 'EMAIL_NOT_AVAILABLE', 'Email address is not available.', { type: 'validation', field: 'emailAddress', messageId: 'emailAddress-not-available' }), actorId: 'createAccount' },
  { type: 'xstate.error.actor.createAccount', error: cardError('digital', 'DIGITAL_CARD_PROVISION_ERROR', 'card-state-error'), actorId: 'createAccount' },
  { type: 'xstate.error.actor.createAccount', error: cardError('physical', '121001', 'card-information-error'), actorId: 'createAccount' },
  { type: 'xstate.error.actor.createAccount', error: apiError(403, 'REPUTATION_REJECTED', 'Sorry, we were unable to create your account. Please try again.', { type: 'reputation' }), actorId: 'createAccount' },
  { type: 'xstate.error.actor.createAccount', error: apiError(502, 'HTTP_502', 'Something went wrong. Please try again.'), actorId: 'createAccount' },
  { type: 'xstate.done.actor.refreshSession', output: undefined, actorId: 'refreshSession' },
  { type: 'xstate.error.actor.refreshSession', error: new Error('offline'), actorId: 'refreshSession' },
  { type: 'xstate.after.afterCreateDelay.createAccount.waiting' },
] as const;

// ---- change-password
export const changePasswordEvents = [
  { type: 'user.submit', currentPassword: 'old secret!', newPassword: 'a brand new secret' },
  { type: 'user.submit', currentPassword: '', newPassword: 'short' },
  { type: 'xstate.done.actor.changePassword', output: { ok: true }, actorId: 'changePassword' },
  { type: 'xstate.error.actor.changePassword', error: apiError(400, 'CURRENT_PASSWORD_INVALID', 'The password you entered is not valid. Please try again.', { field: 'currentPassword' }), actorId: 'changePassword' },
  { type: 'xstate.error.actor.changePassword', error: serverDown, actorId: 'changePassword' },
] as const;

// ---- change-email
export const changeEmailEvents = [
  { type: 'user.submit', newEmail: 'new@example.com', password: 'secret' },
  { type: 'user.submit', newEmail: 'nope', password: '' },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.submitCode', code: 'abc' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadEmailStatus', output: { email: 'ana@example.com', proposedNewEmail: 'new@example.com' }, actorId: 'loadEmailStatus' },
  { type: 'xstate.done.actor.loadEmailStatus', output: { email: 'ana@example.com', proposedNewEmail: null }, actorId: 'loadEmailStatus' },
  { type: 'xstate.error.actor.loadEmailStatus', error: serverDown, actorId: 'loadEmailStatus' },
  { type: 'xstate.done.actor.requestEmailChange', output: { proposedNewEmail: 'new@example.com' }, actorId: 'requestEmailChange' },
  { type: 'xstate.error.actor.requestEmailChange', error: apiError(400, 'EMAIL_NOT_AVAILABLE', 'Email address is not available.', { field: 'newEmail' }), actorId: 'requestEmailChange' },
  { type: 'xstate.error.actor.requestEmailChange', error: serverDown, actorId: 'requestEmailChange' },
  { type: 'xstate.done.actor.verifyEmailChange', output: { email: 'new@example.com', proposedNewEmail: null }, actorId: 'verifyEmailChange' },
  { type: 'xstate.error.actor.verifyEmailChange', error: apiError(400, 'INVALID_CODE', 'The code you entered is not valid. Please try again.', { field: 'code' }), actorId: 'verifyEmailChange' },
  { type: 'xstate.error.actor.verifyEmailChange', error: serverDown, actorId: 'verifyEmailChange' },
] as const;

// ---- reauth
export const reauthStatus = { enabled: true, phoneNumber: '•••-•••-0123', mfaVerifiedAt: '2026-01-01T00:00:00.000Z', reauthValidUntil: '2026-01-01T00:15:00.000Z' };
export const reauthEvents = [
  { type: 'user.submitPassword', password: 'secret' },
  { type: 'user.submitPassword', password: '' },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.submitCode', code: '1' },
  { type: 'user.startOver' },
  { type: 'xstate.done.actor.checkPassword', output: { status: 'verified', phoneNumber: null, mfaVerifiedAt: reauthStatus.mfaVerifiedAt }, actorId: 'checkPassword' },
  { type: 'xstate.done.actor.checkPassword', output: { status: 'code-sent', phoneNumber: '•••-•••-0123', mfaVerifiedAt: null }, actorId: 'checkPassword' },
  { type: 'xstate.error.actor.checkPassword', error: apiError(400, 'CURRENT_PASSWORD_INVALID', 'The password you entered is not valid. Please try again.', { field: 'password' }), actorId: 'checkPassword' },
  { type: 'xstate.error.actor.checkPassword', error: serverDown, actorId: 'checkPassword' },
  { type: 'xstate.done.actor.checkCode', output: reauthStatus, actorId: 'checkCode' },
  { type: 'xstate.error.actor.checkCode', error: apiError(400, 'INVALID_CODE', 'The code you entered is not valid. Please try again.', { field: 'code' }), actorId: 'checkCode' },
] as const;

// ---- mfa-settings
export const mfaWithPhone = { enabled: true, phoneNumber: '•••-•••-0123', mfaVerifiedAt: null, reauthValidUntil: null };
export const mfaWithoutPhone = { enabled: false, phoneNumber: null, mfaVerifiedAt: null, reauthValidUntil: null };
export const mfaSettingsEvents = [
  { type: 'user.removePhone' },
  { type: 'user.confirmRemove' },
  { type: 'user.cancelRemove' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadMfaStatus', output: mfaWithPhone, actorId: 'loadMfaStatus' },
  { type: 'xstate.done.actor.loadMfaStatus', output: mfaWithoutPhone, actorId: 'loadMfaStatus' },
  { type: 'xstate.error.actor.loadMfaStatus', error: serverDown, actorId: 'loadMfaStatus' },
  { type: 'xstate.done.actor.removePhone', output: mfaWithoutPhone, actorId: 'removePhone' },
  { type: 'xstate.error.actor.removePhone', error: apiError(403, 'REAUTH_REQUIRED', 'For your security, confirm your identity to continue.'), actorId: 'removePhone' },
  { type: 'xstate.error.actor.removePhone', error: serverDown, actorId: 'removePhone' },
] as const;

// ---- mfa-phone
export const mfaPhoneStatus = { enabled: true, phoneNumber: '•••-•••-0123', mfaVerifiedAt: null, reauthValidUntil: null };
export const reauthRequiredError = apiError(403, 'REAUTH_REQUIRED', 'For your security, confirm your identity to continue.');
export const mfaPhoneEvents = [
  { type: 'user.submit', phoneNumber: '(206) 555-0123' },
  { type: 'user.submit', phoneNumber: '555-01' },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.submitCode', code: '12' },
  { type: 'user.resendCode' },
  { type: 'user.changeNumber' },
  { type: 'xstate.done.actor.sendPhoneCode', output: { pendingPhoneNumber: '•••-•••-0123' }, actorId: 'sendPhoneCode' },
  { type: 'xstate.error.actor.sendPhoneCode', error: reauthRequiredError, actorId: 'sendPhoneCode' },
  { type: 'xstate.error.actor.sendPhoneCode', error: apiError(400, 'BAD_REQUEST', "That phone number isn't valid. Enter 10 digits, for example 206 555 0123.", { field: 'phoneNumber' }), actorId: 'sendPhoneCode' },
  { type: 'xstate.error.actor.sendPhoneCode', error: serverDown, actorId: 'sendPhoneCode' },
  { type: 'xstate.done.actor.verifyPhoneCode', output: mfaPhoneStatus, actorId: 'verifyPhoneCode' },
  { type: 'xstate.error.actor.verifyPhoneCode', error: reauthRequiredError, actorId: 'verifyPhoneCode' },
  { type: 'xstate.error.actor.verifyPhoneCode', error: apiError(410, 'CODE_EXPIRED', 'This code has expired. Request a new code and try again.', { field: 'code' }), actorId: 'verifyPhoneCode' },
  { type: 'xstate.error.actor.verifyPhoneCode', error: serverDown, actorId: 'verifyPhoneCode' },
] as const;

// ---- communication-preferences
export const savedPreferences = { receiveHarborEmailCommunications: false, receiveGeneralEmailCommunications: true, receivePersonalizedEmailCommunications: false };
export const communicationPreferencesEvents = [
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadPreferences', output: savedPreferences, actorId: 'loadPreferences' },
  { type: 'xstate.error.actor.loadPreferences', error: serverDown, actorId: 'loadPreferences' },
  ...PREFERENCE_KEYS.flatMap((key) => [
    { type: 'user.toggle', key, value: !savedPreferences[key] },
    { type: `xstate.done.actor.save.${key}`, output: { ...savedPreferences, [key]: !savedPreferences[key] }, actorId: `save.${key}` },
    { type: `xstate.error.actor.save.${key}`, error: serverDown, actorId: `save.${key}` },
  ]),
];

// ---- personal-details
export const savedProfile = { userExId: 'u1', firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', phoneNumber: null, birthday: null };
export const personalDetailsEvents = [
  { type: 'user.submit', firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthMonth: '2', birthDay: '29' },
  { type: 'user.submit', firstName: '', lastName: 'Lima', phoneNumber: '12', birthMonth: '2', birthDay: '' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadProfile', output: savedProfile, actorId: 'loadProfile' },
  { type: 'xstate.error.actor.loadProfile', error: serverDown, actorId: 'loadProfile' },
  { type: 'xstate.done.actor.saveProfile', output: { ...savedProfile, phoneNumber: '2065550123', birthday: { month: 2, day: 29 } }, actorId: 'saveProfile' },
  { type: 'xstate.error.actor.saveProfile', error: apiError(400, 'BAD_REQUEST', 'Enter a valid birthday.', { field: 'birthday' }), actorId: 'saveProfile' },
  { type: 'xstate.error.actor.saveProfile', error: serverDown, actorId: 'saveProfile' },
] as const;

// ---- partner-number
export const partnerNumberEvents = [
  { type: 'user.submit', partnerNumber: '1234567' },
  { type: 'user.submit', partnerNumber: '12ab' },
  { type: 'user.remove' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadPartnerNumber', output: { partnerNumber: null }, actorId: 'loadPartnerNumber' },
  { type: 'xstate.error.actor.loadPartnerNumber', error: serverDown, actorId: 'loadPartnerNumber' },
  { type: 'xstate.done.actor.savePartnerNumber', output: { partnerNumber: '1234567' }, actorId: 'savePartnerNumber' },
  { type: 'xstate.done.actor.savePartnerNumber', output: { partnerNumber: null }, actorId: 'savePartnerNumber' },
  { type: 'xstate.error.actor.savePartnerNumber', error: serverDown, actorId: 'savePartnerNumber' },
] as const;
