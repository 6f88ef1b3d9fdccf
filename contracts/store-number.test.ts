import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ShortStoreNumber, StoreNumber, StoreNumberParam, shortStoreNumber } from './store-number.ts';

describe('the store number parser (one for URL, API and server)', () => {
  it('takes the short and the full form', () => {
    expect(v.parse(StoreNumber, '10001')).toBe('10001');
    expect(v.parse(StoreNumber, '10001-10101')).toBe('10001-10101');
    expect(v.parse(ShortStoreNumber, '10001-10101')).toBe('10001');
    expect(shortStoreNumber('10001-10101')).toBe('10001');
  });
  it('refuses anything else with the message', () => {
    for (const bad of ['', 'abc', '1-2-3', '12345678901', ' 10001', '10001-']) {
      const r = v.safeParse(StoreNumber, bad);
      expect(r.success, bad).toBe(false);
      if (!r.success) expect(r.issues[0].message).toBe('storeNumber must look like 12345 or 12345-67890');
    }
  });
  it('reads a URL value: the router gives numbers for digits; spaces around are dropped', () => {
    expect(v.parse(StoreNumberParam, 10001)).toBe('10001');
    expect(v.parse(StoreNumberParam, ' 10001-10101 ')).toBe('10001-10101');
    expect(v.safeParse(StoreNumberParam, 'x').success).toBe(false);
  });
});
