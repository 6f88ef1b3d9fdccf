import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A 256-bit URL-safe random token (43 characters): reset links, SSO tokens. Only its SHA-256 is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** A 144-bit id (24 characters) for one-time-code challenges. */
export const randomId = () => randomBytes(18).toString('base64url');

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
