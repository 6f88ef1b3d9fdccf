import { describe, expect, it } from 'vitest';
import { formatDistance, formatMoney, groupDigits, usesMiles } from './format.ts';

describe('formatting', () => {
  it('money: integer minor units divided by 100 with 2 decimals', () => {
    expect(formatMoney(50000, 'en-US')).toBe('$500.00');
    expect(formatMoney(5, 'en-US')).toBe('$0.05');
    expect(formatMoney(123456, 'de-DE', 'EUR')).toMatch(/1\.234,56/);
  });
  it('distance: miles for US/GB, km elsewhere, 1 decimal', () => {
    expect(usesMiles('en-US')).toBe(true);
    expect(usesMiles('en-GB')).toBe(true);
    expect(usesMiles('fr-CA')).toBe(false);
    expect(formatDistance(1.26, 'en-US')).toBe('1.3 mi');
    expect(formatDistance(1, 'en-CA')).toBe('1.6 km');
    expect(formatDistance(0.04, 'en-US')).toBe('0.0 mi');
    expect(formatDistance(10, 'de-DE')).toBe('16,1 km');
  });
  it('groups card and barcode numbers by 4', () => {
    expect(groupDigits('6000100000000001')).toBe('6000 1000 0000 0001');
    expect(groupDigits('12345')).toBe('1234 5');
  });
});
