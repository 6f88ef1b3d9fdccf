import type { CardBrand } from './cards.ts';

/** Luhn (mod 10) check of a digit string. */
export function luhnValid(number: string): boolean {
  if (!/^[0-9]{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `partial + digit` pass Luhn. */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return String(d);
  throw new Error('unreachable');
}

/**
 * Brand by IIN range and length: amex 34/37 (15), discover 6011, 644-649, 65 (16-19), mastercard 51-55 and
 * 2221-2720 (16), visa 4 (13, 16, 19). Anything else: null (not accepted).
 */
export function detectBrand(number: string): CardBrand | null {
  const n = number;
  const len = n.length;
  if (/^3[47]/.test(n)) return len === 15 ? 'amex' : null;
  if (/^(6011|64[4-9]|65)/.test(n)) return len >= 16 && len <= 19 ? 'discover' : null;
  const two = Number(n.slice(0, 2));
  const four = Number(n.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return len === 16 ? 'mastercard' : null;
  if (n.startsWith('4')) return len === 13 || len === 16 || len === 19 ? 'visa' : null;
  return null;
}

/** The digits of a typed card number (spaces and dashes dropped). */
export const cardDigits = (typed: string) => typed.replace(/[\s-]/g, '');
/** Security code length for a brand: 4 for amex, 3 otherwise. */
export const cvcLength = (brand: CardBrand | null) => (brand === 'amex' ? 4 : 3);
