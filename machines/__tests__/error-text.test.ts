/**
 * machines/flow.ts `errorText`: the one function from a failure to the text the user sees (issue 31), one rule for
 * every area: the server's text for a 4xx when it sent one, else the area's catalogue, else the generic text;
 * always the generic text for 5xx, network failures and anything that is not an API failure.
 */
import { describe, expect, it } from 'vitest';
import { errorText } from '../flow.ts';
import { apiError } from './account-fakes.ts';

const GENERIC = 'Something went wrong. Please try again.';
const catalogue = { KNOWN: 'The catalogue says so.' };

describe('errorText', () => {
  it("a 4xx: the server's text first, then the catalogue's for its code, then the generic text", () => {
    expect(errorText(apiError(422, 'KNOWN', 'The server says so.'), catalogue)).toBe('The server says so.');
    expect(errorText(apiError(422, 'KNOWN', ''), catalogue)).toBe('The catalogue says so.');
    expect(errorText(apiError(422, 'KNOWN', '   '), catalogue)).toBe('The catalogue says so.');
    expect(errorText(apiError(422, 'UNKNOWN', ''), catalogue)).toBe(GENERIC);
    expect(errorText(apiError(400, 'KNOWN', ''))).toBe(GENERIC);
    // the text is the server's body text, not whatever message an object carries beside it
    expect(errorText({ status: 409, code: 'KNOWN', message: 'not from the server body', body: {} }, catalogue)).toBe('The catalogue says so.');
    expect(errorText(apiError(499, 'KNOWN', ''), catalogue)).toBe('The catalogue says so.');
  });

  it('5xx, network failures and non-API rejections: always the generic text', () => {
    for (const status of [500, 502, 503, 0]) expect(errorText(apiError(status, 'KNOWN', 'Internal detail'), catalogue), String(status)).toBe(GENERIC);
    expect(errorText({ status: 0, code: 'NETWORK_ERROR', message: 'x', body: {} }, catalogue)).toBe(GENERIC);
    expect(errorText(new TypeError('Failed to fetch'), catalogue)).toBe(GENERIC);
    expect(errorText(undefined, catalogue)).toBe(GENERIC);
    expect(errorText('boom', catalogue)).toBe(GENERIC);
  });
});
