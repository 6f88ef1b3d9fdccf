import { describe, expect, it } from 'vitest';
import { returnUrlOr, safeReturnUrl } from './return-url.ts';

describe('safeReturnUrl: only same-origin relative paths', () => {
  const good = ['/', '/account/for-you', '/account/cards?mode=from_account_create&card_error=121001', '/menu#top', '/store-locator?place=Seattle%2C%20WA', '/a/b/../c', '/%2F%2Fevil.com', '/caf%C3%A9', '/café'];
  for (const url of good) it(`accepts ${JSON.stringify(url)}`, () => expect(safeReturnUrl(url)).toBe(url));

  const bad: unknown[] = [
    '//evil.com',
    '///evil.com',
    '//evil.com/account',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    '/account\\..\\x',
    'https://evil.com',
    'http://localhost/account',
    'HTTPS://evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'evil.com',
    'account/for-you',
    './account',
    '../account',
    '?x=1',
    '#frag',
    '',
    ' /account',
    '/account ',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r/evil.com',
    '/\u0000/evil.com',
    '/acc\u007fount',
    '/\u2028/evil.com',
    '/' + 'a'.repeat(2048),
    null,
    undefined,
    42,
    {},
    ['/account'],
  ];
  for (const url of bad) it(`refuses ${JSON.stringify(url)}`, () => expect(safeReturnUrl(url)).toBeNull());

  it('returnUrlOr falls back', () => {
    expect(returnUrlOr('//evil.com', '/')).toBe('/');
    expect(returnUrlOr('/menu', '/')).toBe('/menu');
    expect(returnUrlOr(undefined, '/account/for-you')).toBe('/account/for-you');
  });

  it('whatever it accepts resolves to the same origin', () => {
    const base = 'https://app.example';
    for (const url of [...good, ...bad.filter((x): x is string => typeof x === 'string')]) {
      const safe = safeReturnUrl(url);
      if (safe !== null) expect(new URL(safe, base).origin).toBe(base);
    }
  });
});
