import { passwordProblem, type PasswordProblem } from '../../contracts/account.ts';
import { loadPasswordStrength } from '../../contracts/password-strength.ts';

/**
 * The server's password policy: contracts/account.ts `passwordProblem` (8..128 characters, not the email, not one
 * of the 3,000 most common passwords, zxcvbn-ts score of 3 or more with the user's email and names as inputs;
 * contracts/password-strength.ts), the same function the client runs. The server always awaits the dictionaries.
 */
export async function newPasswordProblem(password: string | undefined | null, email?: string, names: Array<string | null | undefined> = []): Promise<PasswordProblem | null> {
  await loadPasswordStrength();
  return passwordProblem(password, email, names);
}
