import { describe, expect, it } from 'vitest';
import { readCsrfCookie } from './cookies.ts';

describe('readCsrfCookie', () => {
  it('reads __Host-csrf under https and csrf over plain http', () => {
    expect(readCsrfCookie('__Host-csrf=secure123; other=1')).toBe('secure123');
    expect(readCsrfCookie('a=1; csrf=plain456')).toBe('plain456');
    expect(readCsrfCookie('__Host-csrf=secure123; csrf=plain456')).toBe('secure123');
    expect(readCsrfCookie('sid=x')).toBeNull();
  });
});
