import { describe, expect, it, vi } from 'vitest';
import { formatDistance, usesMiles } from './distance.ts';

describe('distance', () => {
  it('miles for US/GB, km elsewhere, 1 decimal', () => {
    expect(usesMiles('en-US')).toBe(true);
    expect(usesMiles('en-GB')).toBe(true);
    expect(usesMiles('fr-CA')).toBe(false);
    expect(formatDistance(1.26, 'en-US')).toBe('1.3 mi');
    expect(formatDistance(1, 'en-CA')).toBe('1.6 km');
    expect(formatDistance(0.04, 'en-US')).toBe('0.0 mi');
    expect(formatDistance(10, 'de-DE')).toBe('16,1 km');
  });
  it("en-US: Intl's text, without building an Intl.NumberFormat", async () => {
    vi.resetModules();
    const fresh = await import('./distance.ts');
    const values = [0, 0.04, 0.05, 0.94, 0.95, 1, 1.26, 9.96, 12.34, 999.94, 999.95, 1234.56, 98765.43, 1e6 + 0.05];
    for (let i = 0; i < 100; i++) values.push(Math.random() * 10 ** (i % 7));
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const expected = values.map((m) => `${intl.format(Math.round(m * 10) / 10)} mi`);
    const made = vi.spyOn(Intl, 'NumberFormat');
    let ours: string[];
    try {
      ours = values.map((m) => fresh.formatDistance(m, 'en-US'));
      expect(made, 'formatDistance built an Intl.NumberFormat').not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    expect(ours).toEqual(expected);
  });
});
