import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TextParam } from './search.ts';

describe('TextParam (OAuth and privacy search parameters)', () => {
  const S = v.object({ state: TextParam(10) });
  it('keeps text, and turns what the router parsed as JSON back into its text', () => {
    expect(v.parse(S, { state: 'abc' })).toEqual({ state: 'abc' });
    expect(v.parse(S, { state: 12345 })).toEqual({ state: '12345' });
    expect(v.parse(S, { state: true })).toEqual({ state: 'true' });
  });
  it('drops what is too long or not text', () => {
    expect(v.parse(S, { state: 'x'.repeat(11) })).toEqual({ state: undefined });
    expect(v.parse(S, { state: { a: 1 } })).toEqual({ state: undefined });
    expect(v.parse(S, {})).toEqual({ state: undefined });
  });
});
