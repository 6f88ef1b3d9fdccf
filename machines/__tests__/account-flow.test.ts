/**
 * machines/account-flow.ts is not a machine: it holds the pure helpers the account machines share
 * (error reading, field errors, safe destinations, input). Unit tests, not path tests.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { asFlowError, destinationOr, errorCode, fieldErrorsOf, FOR_YOU, GENERIC_FLOW_ERROR, inputOf, notProvided } from '../account-flow.ts';

describe('account-flow helpers', () => {
  it('reads any rejection as a FlowError', () => {
    expect(asFlowError({ status: 400, code: '111022', message: 'Bad password', body: { field: 'newPassword', messageId: 'too-short' } })).toEqual({
      status: 400,
      code: '111022',
      message: 'Bad password',
      messageId: 'too-short',
      field: 'newPassword',
      body: { field: 'newPassword', messageId: 'too-short' },
    });
    expect(asFlowError(new Error(''))).toMatchObject({ code: 'UNEXPECTED_ERROR', message: GENERIC_FLOW_ERROR });
    expect(asFlowError(undefined)).toEqual({ status: 0, code: 'UNEXPECTED_ERROR', message: GENERIC_FLOW_ERROR, body: {} });
    expect(errorCode({ body: { code: 'RATE_LIMITED' } })).toBe('RATE_LIMITED');
  });

  it('keeps the first message per top-level field', () => {
    const schema = v.object({ email: v.pipe(v.string(), v.nonEmpty('Enter an email.'), v.email('Not an email.')), card: v.object({ pin: v.pipe(v.string(), v.length(8, 'Eight digits.')) }) });
    const r = v.safeParse(schema, { email: '', card: { pin: '1' } });
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.issues ?? [])).toEqual({ email: 'Enter an email.', card: 'Eight digits.' });
  });

  it('only ever redirects to a same-origin relative path', () => {
    expect(destinationOr(FOR_YOU, '/account/settings')).toBe('/account/settings');
    expect(destinationOr(FOR_YOU, 'https://evil.example/x', '//evil.example', '/\\evil.example')).toBe(FOR_YOU);
    expect(destinationOr(FOR_YOU, undefined, '/menu')).toBe('/menu');
  });

  it('reads the machine input from the init event and refuses unprovided actors', () => {
    expect(inputOf<{ returnUrl: string }>({ type: 'xstate.init', input: { returnUrl: '/x' } } as { type: string })).toEqual({ returnUrl: '/x' });
    expect(inputOf({ type: 'xstate.init' })).toEqual({});
    expect(() => notProvided('signIn')).toThrow('signIn: actor not provided');
  });
});
