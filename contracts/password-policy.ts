import { AccountMessages } from './account-messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-constants.ts';
import { strengthProblem, userInputsFor } from './password-strength.ts';

/** The password policy's check (contracts/account.ts re-exports it): reset password, change password, create account. */

export type PasswordProblem = { code: '111011' | '111022'; messageId: string; message: string };

/**
 * The password policy (ASVS 5.0): 8 to 128 characters (any characters, spaces included, compared after NFKC),
 * not the account's email address, not one of the 3,000 most common passwords and not guessable by zxcvbn-ts
 * (score 3 or more with the email and names as user inputs): contracts/password-strength.ts. The strength part
 * applies once `loadPasswordStrength()` has loaded the dictionaries (the server always awaits it; the client's
 * new-password routes load it lazily). Returns null when fine.
 */
export function passwordProblem(password: string | undefined | null, email?: string, names: Array<string | null | undefined> = []): PasswordProblem | null {
  if (!password) return { code: '111011', messageId: 'password-missing', message: AccountMessages.addPassword };
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH) return { code: '111022', messageId: 'password-too-short', message: AccountMessages.passwordTooShort };
  if (length > PASSWORD_MAX_LENGTH) return { code: '111022', messageId: 'password-too-long', message: AccountMessages.passwordTooLong };
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase())
    return { code: '111022', messageId: 'password-equals-email', message: AccountMessages.passwordIsEmail };
  const strength = strengthProblem(password, userInputsFor(email, names));
  if (strength === 'too-common') return { code: '111022', messageId: 'password-too-common', message: AccountMessages.passwordTooCommon };
  if (strength === 'too-guessable') return { code: '111022', messageId: 'password-too-guessable', message: AccountMessages.passwordTooGuessable };
  return null;
}
