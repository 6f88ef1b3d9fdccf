/**
 * Return URLs (sign-in, SSO, sign-out, account creation): only same-origin relative paths are followed.
 * Shared by the client (before navigating) and the server (before echoing one back).
 *
 * Accepted: a string of at most 2048 characters that starts with exactly one "/" and contains
 * no backslash, no control character (browsers drop tab and newline, so "/\t/evil.com" would become
 * "//evil.com"), and no whitespace at its ends; and which, resolved against any origin, stays on it.
 * Everything else (https://evil.com, //evil.com, /\evil.com, javascript:..., relative "foo") gives null.
 */
export const RETURN_URL_MAX_LENGTH = 2048;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function safeReturnUrl(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  if (input.length === 0 || input.length > RETURN_URL_MAX_LENGTH) return null;
  if (input[0] !== '/') return null;
  if (input[1] === '/' || input[1] === '\\') return null;
  if (input.includes('\\')) return null;
  if (CONTROL.test(input)) return null;
  if (input.trim() !== input) return null;
  try {
    const base = 'http://return-url.invalid';
    const resolved = new URL(input, base);
    if (resolved.origin !== base) return null;
  } catch {
    return null;
  }
  return input;
}

/** safeReturnUrl with a fallback (e.g. '/account/for-you' after sign-in, '/' after sign-out). */
export function returnUrlOr(input: unknown, fallback: string): string {
  return safeReturnUrl(input) ?? fallback;
}
