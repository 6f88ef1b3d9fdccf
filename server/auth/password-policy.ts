import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AccountMessages, passwordProblem, type PasswordProblem } from '../../contracts/account.ts';

/**
 * The server's password policy: contracts/account.ts `passwordProblem` (8..128 characters, not the email)
 * plus the common-password list (common-passwords.txt, compared case-insensitively after NFKC).
 */
let common: Set<string> | undefined;

export function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8');
    common = new Set(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.normalize('NFKC').toLowerCase()),
    );
  }
  return common;
}

export const isCommonPassword = (password: string) => commonPasswords().has(password.normalize('NFKC').toLowerCase());

export function newPasswordProblem(password: string | undefined | null, email?: string): PasswordProblem | null {
  const basic = passwordProblem(password, email);
  if (basic) return basic;
  if (isCommonPassword(password!)) return { code: '111022', messageId: 'password-too-common', message: AccountMessages.passwordTooCommon };
  return null;
}
