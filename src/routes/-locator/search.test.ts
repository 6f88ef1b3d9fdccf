import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { locatorSearchSchema } from './search.ts';

const parse = (x: Record<string, unknown>) => v.parse(locatorSearchSchema, x);

describe('locator search params', () => {
  it('accepts what TanStack Router parses from the URL (numbers arrive as numbers)', () => {
    expect(parse({ place: 'Seattle', lat: 47.6, lng: '-122.3', storeNumber: 12345, features: 'DT,WF', toCart: true })).toEqual({
      place: 'Seattle',
      lat: 47.6,
      lng: -122.3,
      storeNumber: '12345',
      features: ['DT', 'WF'],
      toCart: true,
    });
    expect(parse({ place: 98101 }).place).toBe('98101');
    expect(parse({ toCart: '' }).toCart).toBe(true);
    expect(parse({ toCart: 'false' }).toCart).toBe(false);
  });

  it('drops values that do not fit instead of failing the page', () => {
    expect(parse({ lat: 120, lng: 'east', storeNumber: 'abc', features: 'DT,<script>' })).toEqual({ features: ['DT'] });
  });

  it('keeps only same-origin relative return paths', () => {
    expect(parse({ returnPath: '/menu/cart?x=1' }).returnPath).toBe('/menu/cart?x=1');
    for (const bad of ['//evil.example', 'https://evil.example/x', '/\\evil.example', '/a\\b', 'menu', 'javascript:alert(1)']) {
      expect(parse({ returnPath: bad }).returnPath, bad).toBeUndefined();
    }
  });
});
