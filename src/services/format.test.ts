import { describe, expect, it, vi } from 'vitest';
import { formatMoney, groupDigits } from './format.ts';

describe('formatting', () => {
  it('money: integer minor units divided by 100 with 2 decimals', () => {
    expect(formatMoney(50000, 'en-US')).toBe('$500.00');
    expect(formatMoney(5, 'en-US')).toBe('$0.05');
    expect(formatMoney(123456, 'de-DE', 'EUR')).toMatch(/1\.234,56/);
  });
  it("money in en-US dollars: Intl's text, without building an Intl.NumberFormat (issue 32: the first costs 60-70 ms on a phone)", async () => {
    vi.resetModules();
    const fresh = await import('./format.ts');
    const intl = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n / 100);
    const values = [0, -0, 1, 5, 10, 99, 100, 105, 999, 1000, 99999, 100000, 123456, 1234567, 100000000, 123456789012, -5, -100, -123456, 1e15 - 1, -(1e15 - 1)];
    for (let i = 0; i < 200; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))) * (i % 3 === 0 ? -1 : 1));
    const expected = values.map(intl);
    const made = vi.spyOn(Intl, 'NumberFormat');
    let ours: string[];
    try {
      ours = values.map((n) => fresh.formatMoney(n, 'en-US', 'USD'));
      expect(made, 'formatMoney built an Intl.NumberFormat').not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    expect(ours).toEqual(expected);
    // not whole cents, another locale or currency: Intl's
    expect(fresh.formatMoney(12.5, 'en-US')).toBe(intl(12.5));
    expect(fresh.formatMoney(123456, 'en-CA', 'CAD')).toBe('$1,234.56');
  });
  it('groups card and barcode numbers by 4', () => {
    expect(groupDigits('6000100000000001')).toBe('6000 1000 0000 0001');
    expect(groupDigits('12345')).toBe('1234 5');
  });
});
