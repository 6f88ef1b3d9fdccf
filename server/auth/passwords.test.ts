import { afterEach, describe, expect, it } from 'vitest';
import { parseOptions } from '@node-rs/argon2';
import { ARGON2_OWASP, argon2Params, defaultLogN, dummyHash, hashPassword, hashScrypt, needsRehash, verifyPassword } from './passwords.ts';
import { newPasswordProblem } from './password-policy.ts';
import { AccountMessages, passwordProblem } from '../../contracts/account.ts';
import { PASSWORD_COMMON_FLOOR, loadPasswordStrength, strengthProblem } from '../../contracts/password-strength.ts';

const saved = { ...process.env };
afterEach(() => {
  for (const k of ['PASSWORD_HASH_LOG_N', 'PASSWORD_HASH_ARGON2_MEMORY_KIB', 'PASSWORD_HASH_ARGON2_TIME', 'APP_ENV']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('argon2id password hashes', () => {
  it('OWASP parameters by default (m = 19456 KiB, t = 2, p = 1); the cheap switch works only under APP_ENV=test', () => {
    expect(ARGON2_OWASP).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    process.env.PASSWORD_HASH_ARGON2_MEMORY_KIB = '256';
    process.env.PASSWORD_HASH_ARGON2_TIME = '1';
    process.env.APP_ENV = 'production';
    expect(argon2Params()).toEqual(ARGON2_OWASP);
    process.env.APP_ENV = 'development';
    expect(argon2Params()).toEqual(ARGON2_OWASP);
    delete process.env.APP_ENV;
    expect(argon2Params()).toEqual(ARGON2_OWASP);
    process.env.APP_ENV = 'test';
    expect(argon2Params()).toEqual({ memoryCost: 256, timeCost: 1, parallelism: 1 });
    // never above OWASP nor below the binding's minimum
    process.env.PASSWORD_HASH_ARGON2_MEMORY_KIB = '8';
    expect(argon2Params().memoryCost).toBe(19456);
  });

  it('a real OWASP hash: argon2id, the stored parameters, verifies (one 19 MiB hash)', async () => {
    const hash = await hashPassword('Lantern-Harbor-93', { ...ARGON2_OWASP });
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(hash)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword('Lantern-Harbor-93', hash)).toBe(true);
    process.env.APP_ENV = 'production';
    expect(needsRehash(hash)).toBe(false);
  });

  it('verifies, refuses wrong passwords, salts every hash, never contains the password', async () => {
    const a = await hashPassword('Lantern-Harbor-93');
    const b = await hashPassword('Lantern-Harbor-93');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Lantern');
    expect(await verifyPassword('Lantern-Harbor-93', a)).toBe(true);
    expect(await verifyPassword('lantern-harbor-93', a)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$broken')).toBe(false);
    expect(await verifyPassword('x', await dummyHash())).toBe(false);
  });

  it('old scrypt hashes still verify and need a rehash; weaker argon2 parameters need one too', async () => {
    process.env.PASSWORD_HASH_LOG_N = '10';
    expect(defaultLogN()).toBe(10);
    const old = await hashScrypt('Lantern-Harbor-93');
    expect(old).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Lantern-Harbor-93', old)).toBe(true);
    expect(await verifyPassword('Lantern-Harbor-94', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    const cheap = await hashPassword('Lantern-Harbor-93', { memoryCost: 256, timeCost: 1, parallelism: 1 });
    process.env.APP_ENV = 'production';
    expect(needsRehash(cheap)).toBe(true);
    process.env.APP_ENV = 'test';
    expect(needsRehash(cheap)).toBe(false);
  });
});

describe('password policy (zxcvbn-ts + the top-3,000 floor), the same function as the client', () => {
  it('8..128 characters, not common, not guessable, not the email', async () => {
    expect((await newPasswordProblem(''))?.code).toBe('111011');
    expect((await newPasswordProblem(undefined))?.message).toBe('Add password');
    expect((await newPasswordProblem('1234567'))?.messageId).toBe('password-too-short');
    expect((await newPasswordProblem('12345678'))?.messageId).toBe('password-too-common');
    expect((await newPasswordProblem('a'.repeat(129)))?.messageId).toBe('password-too-long');
    expect((await newPasswordProblem('casey@example.com', 'Casey@Example.com'))?.messageId).toBe('password-equals-email');
    expect(await newPasswordProblem('Lantern-Harbor-93')).toBeNull();
    expect(await newPasswordProblem('correct horse battery staple')).toBeNull();
    // characters, not UTF-16 units: 8 emoji are 8 characters (and not guessable)
    expect(passwordProblem('😀😀😀😀😀😀😀😀')?.messageId).not.toBe('password-too-short');
  });

  it('refuses password! and the email + 1 with code 111022 and the policy message', async () => {
    const bang = await newPasswordProblem('password!', 'casey@example.com');
    expect(bang).toEqual({ code: '111022', messageId: 'password-too-guessable', message: AccountMessages.passwordTooGuessable });
    expect(AccountMessages.passwordTooGuessable).toBe('This password is too easy to guess. Try a few unrelated words.');
    const emailPlusOne = await newPasswordProblem('casey.rivera@example.com1', 'casey.rivera@example.com');
    expect(emailPlusOne?.code).toBe('111022');
    expect(emailPlusOne?.messageId).toBe('password-too-guessable');
    // a name of the account, the brand
    expect((await newPasswordProblem('Rivera2024!', 'x@example.com', ['Casey', 'Rivera']))?.code).toBe('111022');
    expect((await newPasswordProblem('HarborCoffee1'))?.code).toBe('111022');
  });

  it(`the ASVS floor: each of the top ${PASSWORD_COMMON_FLOOR} passwords is refused as too common, case-insensitively`, async () => {
    await loadPasswordStrength();
    const common = await import('@zxcvbn-ts/language-common');
    const ranked = (common.dictionary as Record<string, string[]>)['passwords-common']!.slice(0, PASSWORD_COMMON_FLOOR);
    expect(ranked).toHaveLength(PASSWORD_COMMON_FLOOR);
    for (const p of ranked) expect(strengthProblem(p), p).toBe('too-common');
    expect(strengthProblem('PASSWORD')).toBe('too-common');
    expect(strengthProblem('Lantern-Harbor-93')).toBeNull();
  });
});
