/**
 * Sign-in, from spec 2 section 4 "Sign-in", section 5 (validation) and section 8 "Account and session":
 * submit sets loading and records a login-click; success records a success event, signs in to the payment
 * service (a failure there is ignored) and redirects; the MFA challenge opens the enter-code overlay (cancel
 * closes it); other errors show the 'Sign in unsuccessful.' notification, or an inline error when the server
 * sends a messageId.
 */
import { expect } from 'vitest';
import { resendCodeRequest, signInMachine, signInRequest, verifyCodeRequest } from '../sign-in.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { signInEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

const I = signInEvents as ReadonlyArray<{ type: string }>;

export const signInFlow: Flow<typeof signInMachine> = {
  machine: signInMachine,
  table: {
    editing: {
      'user.submit': [{ guard: 'isFormValid', to: 'submitting' }, null],
    },
    submitting: {
      'xstate.done.actor.signIn': 'signingInToPaymentService',
      'xstate.error.actor.signIn': [
        { guard: 'isMfaChallenge', to: 'enteringCode' },
        { guard: 'hasMessageId', to: 'editing' },
        { guard: 'isRateLimited', to: 'editing' },
        'editing',
      ],
    },
    enteringCode: {
      'user.submitCode': [{ guard: 'isCodeWellFormed', to: 'verifyingCode' }, null],
      'user.cancelCode': 'editing',
      'user.resendCode': 'resendingCode',
    },
    resendingCode: {
      'xstate.done.actor.resendCode': 'enteringCode',
      'xstate.error.actor.resendCode': [{ guard: 'isResendRefused', to: 'enteringCode' }, 'editing'],
    },
    verifyingCode: {
      'xstate.done.actor.verifyCode': 'signingInToPaymentService',
      'xstate.error.actor.verifyCode': [
        { guard: 'isInvalidCode', to: 'enteringCode' },
        { guard: 'isCodeExpired', to: 'enteringCode' },
        { guard: 'isRateLimited', to: 'enteringCode' },
        'editing',
      ],
    },
    signingInToPaymentService: {
      'xstate.done.actor.paymentSignIn': 'redirecting',
      'xstate.error.actor.paymentSignIn': 'redirecting',
    },
  },
  // spec 2 section 4 "Sign in", with the MFA code
  journeys: [
    { name: 'signed in', events: [I[0]!, I[5]!, I[20]!], ends: 'redirecting' },
    { name: 'signed in, the payment service fails: redirected all the same', events: [I[0]!, I[5]!, I[21]!], ends: 'redirecting' },
    { name: 'signing in to the payment service', events: [I[0]!, I[5]!], ends: 'signingInToPaymentService' },
    { name: 'wrong credentials', events: [I[0]!, I[7]!], ends: 'editing' },
    { name: 'rate limited', events: [I[0]!, I[8]!], ends: 'editing' },
    { name: 'the server fails', events: [I[0]!, I[9]!], ends: 'editing' },
    { name: 'an empty form is not sent', events: [I[1]!], ends: 'editing' },
    { name: 'a code, verified', events: [I[0]!, I[6]!, I[2]!, I[10]!, I[20]!], ends: 'redirecting' },
    { name: 'a wrong code', events: [I[0]!, I[6]!, I[2]!, I[11]!], ends: 'enteringCode' },
    { name: 'an expired code', events: [I[0]!, I[6]!, I[2]!, I[12]!], ends: 'enteringCode' },
    { name: 'codes rate limited', events: [I[0]!, I[6]!, I[2]!, I[13]!], ends: 'enteringCode' },
    { name: 'verifying fails', events: [I[0]!, I[6]!, I[2]!, I[14]!], ends: 'editing' },
    { name: 'a malformed code is not sent', events: [I[0]!, I[6]!, I[3]!], ends: 'enteringCode' },
    { name: 'cancel the code', events: [I[0]!, I[6]!, I[4]!], ends: 'editing' },
    { name: 'a new code', events: [I[0]!, I[6]!, I[15]!, I[16]!], ends: 'enteringCode' },
    { name: 'resending', events: [I[0]!, I[6]!, I[15]!], ends: 'resendingCode' },
    { name: 'resending fails', events: [I[0]!, I[6]!, I[15]!, I[19]!], ends: 'editing' },
  ],
  sees: {
    submitting: { tags: ['loading'] },
    verifyingCode: { tags: ['loading'] },
    resendingCode: { tags: ['loading'] },
    signingInToPaymentService: { tags: ['loading'] },
    redirecting: { tags: ['loading'] },
  },
  arrange(machine) {
    const fakes = requestFakes({ signIn: signInRequest, verifyCode: verifyCodeRequest, resendCode: resendCodeRequest });
    const spy = spyActions(['notify', 'redirect', 'trackLoginClick', 'trackSignInSuccess'] as const);
    return {
      machine: machine.provide({ actors: { ...fakes.actors, paymentSignIn: stuck() }, actions: spy.actions }),
      runs: [
        {
          name: '',
          options: {
            events: signInEvents as never,
            input: { returnUrl: '/account/cards' },
            serializeState: (s) => JSON.stringify({ v: s.value, f: Object.keys(s.context.fieldErrors).length > 0, e: !!s.context.formError, c: s.context.challenge?.challengeId[0] ?? null, ce: !!s.context.codeError, r: s.context.codeResent }),
          },
        },
      ],
      beforePath: () => spy.clear(),
      onStep(s, event) {
        const c = s.context;
        const error = 'error' in event ? (event.error as { code?: string }) : undefined;
        // what this step did, as the spec lists it: the login click on submit, the success event, the toast, the redirect
        const effects = spy.step().map((l) => l.name);
        const want: string[] = [];
        if (s.matches('submitting') && event.type === 'user.submit') want.push('trackLoginClick');
        if (event.type === 'xstate.done.actor.signIn' || event.type === 'xstate.done.actor.verifyCode') want.push('trackSignInSuccess');
        if (s.matches('editing') && event.type.startsWith('xstate.error.actor.') && !c.formError) want.push('notify');
        if (s.matches('redirecting')) want.push('redirect');
        expect(effects).toEqual(want);
        // the password is held only while its request runs
        if (!s.matches('submitting')) expect(c.credentials).toBeNull();
        if (s.matches('submitting')) {
          expect(spy.last('trackLoginClick')).toBeDefined();
          expect(c.fieldErrors).toEqual({});
          expect(c.formError).toBeNull();
          expect(fakes.last('signIn')).toEqual({ username: 'ana@example.com', password: 'correct horse', rememberMe: false, returnUrl: '/account/cards' });
        }
        if (event.type === 'user.submit' && s.matches('editing')) {
          expect(c.fieldErrors).toEqual({ username: 'Enter an email/username.', password: 'Enter a password.' });
        }
        if (event.type === 'xstate.error.actor.signIn' && s.matches('editing')) {
          if (error?.code === 'INVALID_CREDENTIALS') expect(c.formError).toBe('The email or password you entered is not valid. Please try again.');
          else if (error?.code === 'RATE_LIMITED') expect(c.formError).toBe('Too many attempts. Please wait a few minutes and try again.');
          else {
            expect(c.formError).toBeNull();
            const params = spy.last('notify')!.params as { title: string; message: string; kind: string; tone: string };
            expect([params.kind, params.tone, accountMessages[params.title as 'signInUnsuccessfulTitle'], accountMessages[params.message as 'signInUnsuccessful']]).toEqual([
              'persistent',
              'error',
              'Sign in unsuccessful.',
              'Sorry, we were unable to log you in. Please try again.',
            ]);
          }
        }
        const first = { challengeId: 'c'.repeat(22), methods: [{ id: 'c'.repeat(22), phoneNumber: '•••-•••-1234', phoneSmsState: 'sent' }] };
        const resent = { challengeId: 'd'.repeat(22), methods: [{ id: 'd'.repeat(22), phoneNumber: '•••-•••-1234', phoneSmsState: 'sent' }] };
        if (event.type === 'xstate.done.actor.resendCode') {
          // the new challenge replaces the old one, and the overlay says a new code was sent
          expect(c.challenge).toEqual(resent);
          expect(c.codeResent).toBe(true);
          expect(c.codeError).toBeNull();
          expect(accountMessages.codeResent).toBe('We sent a new code. It expires in 10 minutes.');
        } else expect(c.codeResent).toBe(false);
        if (event.type === 'xstate.error.actor.resendCode' && s.matches('enteringCode')) {
          expect(c.codeError).toBe(error?.code === 'RATE_LIMITED' ? 'Too many attempts. Please wait a few minutes and try again.' : 'This code has expired. Request a new code and try again.');
        }
        if (event.type === 'xstate.error.actor.resendCode' && s.matches('editing')) expect(spy.last('notify')!.params).toMatchObject({ title: 'signInUnsuccessfulTitle', message: 'signInUnsuccessful' });
        if (s.matches('resendingCode')) {
          expect(c.codeError).toBeNull();
          expect(fakes.last('resendCode')).toEqual({ challengeId: c.challenge!.challengeId });
        }
        if (s.matches('enteringCode')) {
          expect([first, resent]).toContainEqual(c.challenge);
          if (event.type === 'xstate.error.actor.signIn') expect(c.challenge).toEqual(first);
          if (event.type === 'xstate.error.actor.signIn') expect(c.codeError).toBeNull();
          if (event.type === 'user.submitCode' || error?.code === 'INVALID_CODE') expect(c.codeError).toBe('The code you entered is not valid. Please try again.');
          if (error?.code === 'CODE_EXPIRED') expect(c.codeError).toBe('This code has expired. Request a new code and try again.');
          if (event.type === 'xstate.error.actor.verifyCode' && error?.code === 'RATE_LIMITED') expect(c.codeError).toBe('Too many attempts.');
        }
        if (s.matches('verifyingCode')) {
          expect(c.codeError).toBeNull();
          expect(fakes.last('verifyCode')).toEqual({ challengeId: c.challenge!.challengeId, code: '123456' });
        }
        if (s.matches('editing')) expect(c.challenge).toBeNull();
        if (s.matches('editing') && event.type === 'user.cancelCode') expect(c.codeError).toBeNull();
        if (event.type === 'xstate.error.actor.verifyCode' && s.matches('editing')) expect(spy.last('notify')!.params).toMatchObject({ title: 'signInUnsuccessfulTitle', message: 'signInUnsuccessful' });
        if (s.matches('signingInToPaymentService')) {
          expect(spy.count('trackSignInSuccess')).toBe(1);
          expect(c.destination).toBe(event.type === 'xstate.done.actor.signIn' ? '/store-locator?favorites=1' : '/account/cards');
        }
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('signIn')).toEqual([{ username: 'ana@example.com', password: 'correct horse', rememberMe: false, returnUrl: '/account/cards' }]);
        expect(fakes.distinct('verifyCode')).toEqual(expect.arrayContaining([{ challengeId: 'c'.repeat(22), code: '123456' }, { challengeId: 'd'.repeat(22), code: '123456' }]));
        expect(fakes.distinct('resendCode')).toEqual(expect.arrayContaining([{ challengeId: 'c'.repeat(22) }, { challengeId: 'd'.repeat(22) }]));
      },
    };
  },
};
