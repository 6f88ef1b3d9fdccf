import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, parseOptions, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

/**
 * Password hashes.
 *
 * New hashes are argon2id with OWASP's parameters (m = 19456 KiB, t = 2, p = 1), stored in the PHC format
 * ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash") by @node-rs/argon2 (a maintained Rust binding; the hashing runs
 * on libuv's thread pool, not on the event loop).
 *
 * Old hashes are scrypt, stored as "scrypt$N$r$p$saltB64$hashB64" (N = 2^17 before this change): they still
 * verify, and `needsRehash` tells sign-in to replace them with argon2id after the next correct password.
 *
 * Tests only (APP_ENV=test): PASSWORD_HASH_ARGON2_MEMORY_KIB / PASSWORD_HASH_ARGON2_TIME lower the argon2 cost
 * and PASSWORD_HASH_LOG_N the scrypt cost of hashes made for old-hash fixtures; anywhere else they are ignored.
 */
export const ARGON2_OWASP = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Algorithm.Argon2id (a const enum of the binding's types, not importable as a value here) */
const ARGON2ID = 2 as Algorithm;

const testEnv = () => process.env.APP_ENV === 'test';

export function argon2Params(): Argon2Params {
  if (!testEnv()) return { ...ARGON2_OWASP };
  const m = Number(process.env.PASSWORD_HASH_ARGON2_MEMORY_KIB);
  const t = Number(process.env.PASSWORD_HASH_ARGON2_TIME);
  return {
    memoryCost: Number.isInteger(m) && m >= 64 && m <= ARGON2_OWASP.memoryCost ? m : ARGON2_OWASP.memoryCost,
    timeCost: Number.isInteger(t) && t >= 1 && t <= ARGON2_OWASP.timeCost ? t : ARGON2_OWASP.timeCost,
    parallelism: 1,
  };
}

export async function hashPassword(password: string, params: Argon2Params = argon2Params()): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), { algorithm: ARGON2ID, ...params });
}

// ---- scrypt (old hashes) -----------------------------------------------------------------------------------------
const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEYLEN, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** The scrypt cost of hashes made by `hashScrypt` (old-hash fixtures, the benchmark): 2^17 unless a test lowers it. */
export function defaultLogN(): number {
  const fromEnv = Number(process.env.PASSWORD_HASH_LOG_N);
  return Number.isInteger(fromEnv) && fromEnv >= 10 && fromEnv <= 20 ? fromEnv : 17;
}

/** An scrypt hash as the server stored them before argon2id (for tests of the upgrade and for bench:auth). */
export async function hashScrypt(password: string, logN = defaultLogN()): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** logN;
  const key = await scrypt(password, salt, N, 8, 1);
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltB64, hashB64] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !saltB64 || !hashB64) return false;
  const N = Number(n);
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 20) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), N, Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// ---- both --------------------------------------------------------------------------------------------------------
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password.normalize('NFKC'));
    } catch {
      return false;
    }
  }
  return verifyScrypt(password, stored);
}

/** True when a stored hash is not argon2id with at least today's parameters: rehash after a correct password. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const o = parseOptions(stored);
    const want = argon2Params();
    return o.memoryCost < want.memoryCost || o.timeCost < want.timeCost;
  } catch {
    return true;
  }
}

/** A hash of a random password, verified against when the account does not exist (equal work). */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
