import { afterEach, describe, expect, it } from 'vitest';
import { defaultLogN, dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { isCommonPassword, newPasswordProblem, commonPasswords } from './password-policy.ts';
import { passwordProblem } from '../../contracts/account.ts';

const saved = process.env.PASSWORD_HASH_LOG_N;
afterEach(() => {
  if (saved === undefined) delete process.env.PASSWORD_HASH_LOG_N;
  else process.env.PASSWORD_HASH_LOG_N = saved;
});

describe('scrypt password hashes', () => {
  it('default cost is N = 2^17, r = 8, p = 1 unless PASSWORD_HASH_LOG_N lowers it (tests only)', () => {
    delete process.env.PASSWORD_HASH_LOG_N;
    expect(defaultLogN()).toBe(17);
    process.env.PASSWORD_HASH_LOG_N = '10';
    expect(defaultLogN()).toBe(10);
    process.env.PASSWORD_HASH_LOG_N = '3';
    expect(defaultLogN()).toBe(17);
  });

  it('a real default-cost hash has the stored parameters (one 2^17 hash, ~128 MiB)', async () => {
    delete process.env.PASSWORD_HASH_LOG_N;
    const hash = await hashPassword('Lantern-Harbor-93');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Lantern-Harbor-93', hash)).toBe(true);
  });

  it('verifies, refuses wrong passwords, salts every hash, never contains the password', async () => {
    const a = await hashPassword('Lantern-Harbor-93', 10);
    const b = await hashPassword('Lantern-Harbor-93', 10);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Lantern');
    expect(await verifyPassword('Lantern-Harbor-93', a)).toBe(true);
    expect(await verifyPassword('lantern-harbor-93', a)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', await dummyHash())).toBe(false);
  });
});

describe('password policy', () => {
  it('ships the ~1,000 common passwords', () => {
    expect(commonPasswords().size).toBeGreaterThan(990);
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PASSWORD1')).toBe(true);
    expect(isCommonPassword('Lantern-Harbor-93')).toBe(false);
  });

  it('8..128 characters, not common, not the email', () => {
    expect(newPasswordProblem('')?.code).toBe('111011');
    expect(newPasswordProblem(undefined)?.message).toBe('Add password');
    expect(newPasswordProblem('1234567')?.messageId).toBe('password-too-short');
    expect(newPasswordProblem('12345678')?.messageId).toBe('password-too-common');
    expect(newPasswordProblem('a'.repeat(128))).toBeNull();
    expect(newPasswordProblem('a'.repeat(129))?.messageId).toBe('password-too-long');
    expect(newPasswordProblem('casey@example.com', 'Casey@Example.com')?.messageId).toBe('password-equals-email');
    expect(newPasswordProblem('eight ch')).toBeNull();
    // characters, not UTF-16 units: 8 emoji are 8 characters
    expect(passwordProblem('😀😀😀😀😀😀😀😀')).toBeNull();
  });
});
