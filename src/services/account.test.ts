import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor as waitForActor, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { signInMachine } from '../../machines/sign-in.machine.ts';
import { ssoMachine } from '../../machines/sso.machine.ts';
import { signOutMachine } from '../../machines/sign-out.machine.ts';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import { resetPasswordMachine } from '../../machines/reset-password.machine.ts';
import { createAccountMachine, createPayload } from '../../machines/create-account.machine.ts';
import { changePasswordMachine } from '../../machines/change-password.machine.ts';
import { changeEmailMachine } from '../../machines/change-email.machine.ts';
import { reauthMachine } from '../../machines/reauth.machine.ts';
import { mfaPhoneMachine } from '../../machines/mfa-phone.machine.ts';
import { communicationPreferencesMachine } from '../../machines/communication-preferences.machine.ts';
import { personalDetailsMachine } from '../../machines/personal-details.machine.ts';
import { partnerNumberMachine } from '../../machines/partner-number.machine.ts';
import { savedPreferences, savedProfile, validForm } from '../../machines/__tests__/account-events.ts';
import { ApiRequestError } from './api.ts';
import { accountReads } from './account.queries.ts';
import { toFlowError } from './flow-error.ts';
import { changeEmailActors } from './account/change-email.ts';
import { changePasswordActors } from './account/change-password.ts';
import { communicationPreferencesActors } from './account/communication-preferences.ts';
import { createAccountActors } from './account/create-account.ts';
import { forgotPasswordActors } from './account/forgot-password.ts';
import { resetPasswordActors } from './account/reset-password.ts';
import { mfaPhoneActors } from './account/mfa-phone.ts';
import { partnerNumberActors } from './account/partner-number.ts';
import { personalDetailsActors } from './account/personal-details.ts';
import { reauthActors } from './account/reauth.ts';
import { signInActors } from './account/sign-in.ts';
import { signOutActors } from './account/sign-out.ts';
import { ssoActors } from './account/sso.ts';
import { hasRecentSecondFactor, requireSignIn, secondFactorRemainingMs } from './auth-guard.ts';
import { accountMessage } from './error-catalogue.ts';
import { sessionQuery } from './session.ts';
import { AccountEntrySearch } from '../routes/-account/search.ts';

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrf=; max-age=0';
});

describe('account errors', () => {
  it('keep the server message, code, messageId, field and body', () => {
    const e = toFlowError(new ApiRequestError(401, 'INVALID_CREDENTIALS', 'x', { code: 'INVALID_CREDENTIALS', message: 'The email or password you entered is not valid. Please try again.', messageId: 'invalid-credentials' }));
    expect(e).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', messageId: 'invalid-credentials', message: 'The email or password you entered is not valid. Please try again.' });
  });
  it('show the generic text for server failures and unknown rejections', () => {
    expect(toFlowError(new ApiRequestError(500, 'UNEXPECTED_ERROR', 'stack trace', { message: 'stack trace' })).message).toBe('Something went wrong. Please try again.');
    expect(toFlowError(new Error('boom')).message).toBe('Something went wrong. Please try again.');
  });
  it('catalogue keys resolve to texts', () => {
    expect(accountMessage('signInUnsuccessfulTitle')).toBe('Sign in unsuccessful.');
    expect(accountMessage('forgotPasswordSuccess')).toBe("Thanks - if you have an account, we've sent you an email.");
    expect(accountMessage('not a key')).toBe('not a key');
  });
});

describe('sign-in actors over the API', () => {
  it('post the spec payload, refresh the session, and the machine redirects to the return URL', async () => {
    document.cookie = 'csrf=tok';
    const calls: Array<{ url: string; body: unknown }> = [];
    let signedIn = false;
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/account/signin')) {
        signedIn = true;
        return respond(200, { returnUrl: '/store-locator?favorites=1' });
      }
      return respond(200, { signedIn, user: signedIn ? { exId: 'u', firstName: 'Ana', lastName: 'L', email: 'a@b.c' } : null, mfaVerifiedAt: null });
    }));
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(sessionQuery);
    const redirect = vi.fn();
    const actor = createActor(signInMachine.provide({ actors: signInActors(queryClient), actions: { redirect } }), { input: { returnUrl: '/store-locator?favorites=1' } }).start();
    actor.send({ type: 'user.submit', username: ' ana@example.com ', password: 'secret', rememberMe: true });
    await waitForActor(actor, (s) => s.status === 'done');
    expect(calls.find((c) => c.url.endsWith('/account/signin'))!.body).toMatchObject({
      username: 'ana@example.com',
      password: 'secret',
      rememberMe: true,
      market: 'US',
      transactionSubType: 'signin',
      returnUrl: '/store-locator?favorites=1',
      reputation: expect.any(Object),
    });
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.destination).toBe('/store-locator?favorites=1');
    expect((await queryClient.fetchQuery(sessionQuery)).signedIn).toBe(true);
  });

  it('reject with the MFA challenge body the machine reads', async () => {
    document.cookie = 'csrf=tok';
    vi.stubGlobal('fetch', vi.fn(async () => respond(401, { code: 'MFA_CHALLENGE_REQUIRED', error: 'MFA_CHALLENGE_REQUIRED', message: 'Enter the code we sent to your phone.', challengeId: 'c'.repeat(22), mfaChallengeMethods: [{ id: 'c'.repeat(22), phoneNumber: '•••-•••-1234', phoneSmsState: 'sent' }] })));
    const actor = createActor(signInMachine.provide({ actors: signInActors(new QueryClient()) }), { input: { returnUrl: null } }).start();
    actor.send({ type: 'user.submit', username: 'ana@example.com', password: 'secret', rememberMe: false });
    await waitForActor(actor, (s) => s.matches('enteringCode'));
    expect(actor.getSnapshot().context.challenge?.methods[0]?.phoneNumber).toBe('•••-•••-1234');
  });

  it('the reset-token status call fails with RESET_TOKEN_EXPIRED for a dead link', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => respond(410, { code: 'RESET_TOKEN_EXPIRED', message: 'Forgot password link expired' })));
    await expect(accountReads.resetTokenStatus('x')).rejects.toMatchObject({ code: 'RESET_TOKEN_EXPIRED', status: 410 });
  });
});

/**
 * What each real actor sends: the `input` its invoke's named input mapper built from the machine's context
 * (docs/machines.md). Each flow runs on the real actors over a stubbed fetch up to its request.
 */
describe('account actors send the request their machine holds', () => {
  interface Flow {
    machine: AnyStateMachine;
    input?: unknown;
    /** 200 answers by "METHOD /path" (without /apiproxy/v1); anything else fails with a 500 */
    answers?: Record<string, unknown>;
    /** [state to wait for, event to send] */
    steps?: Array<[string, AnyEventObject]>;
    want: { method: string; path: string; body: unknown };
  }
  const qc = () => new QueryClient();
  const flows: Record<string, Flow> = {
    signIn: {
      machine: signInMachine.provide({ actors: signInActors(qc()) }),
      input: { returnUrl: '/menu' },
      steps: [['editing', { type: 'user.submit', username: ' ana@example.com ', password: 'secret', rememberMe: false }]],
      want: { method: 'POST', path: '/account/signin', body: expect.objectContaining({ username: 'ana@example.com', password: 'secret', rememberMe: false, returnUrl: '/menu' }) },
    },
    verifyCode: {
      machine: signInMachine.provide({ actors: signInActors(qc()) }),
      input: { returnUrl: null },
      answers: {},
      steps: [
        ['editing', { type: 'user.submit', username: 'ana@example.com', password: 'secret', rememberMe: false }],
        ['enteringCode', { type: 'user.submitCode', code: ' 123456 ' }],
      ],
      want: { method: 'POST', path: '/account/signin/mfa', body: { challengeId: 'c'.repeat(22), code: '123456' } },
    },
    ssoSignIn: {
      machine: ssoMachine.provide({ actors: ssoActors(qc()) }),
      input: { token: 'tok-actor-test', returnUrl: '/menu' },
      want: { method: 'POST', path: '/account/signin/sso/tok-actor-test?returnUrl=%2Fmenu', body: { reputation: expect.any(Object) } },
    },
    signOut: {
      machine: signOutMachine.provide({ actors: signOutActors(qc()) }),
      input: { returnUrl: '/menu' },
      want: { method: 'POST', path: '/account/signout', body: { returnUrl: '/menu' } },
    },
    sendResetLink: {
      machine: forgotPasswordMachine.provide({ actors: forgotPasswordActors() }),
      steps: [['editing', { type: 'user.submit', emailAddress: 'ana@example.com' }]],
      want: { method: 'POST', path: '/account/forgot-password', body: { emailAddress: 'ana@example.com', userName: 'ana@example.com' } },
    },
    resetPassword: {
      machine: resetPasswordMachine.provide({ actors: resetPasswordActors() }),
      input: { token: 'T'.repeat(43) },
      steps: [['editing', { type: 'user.submit', newPassword: 'a much better secret' }]],
      want: { method: 'POST', path: '/account/reset-password', body: { token: 'T'.repeat(43), newPassword: 'a much better secret' } },
    },
    createAccount: {
      machine: createAccountMachine.provide({ actors: createAccountActors(qc()) }),
      input: { returnUrl: '/menu', includeStorageConsent: true },
      steps: [['editing', { type: 'user.submit', values: validForm }]],
      want: {
        method: 'POST',
        path: '/account/create',
        body: { ...createPayload(validForm, { cardRewards: 'digitalCard', returnUrl: '/menu', includeStorageConsent: true }), reputation: expect.any(Object) },
      },
    },
    changePassword: {
      machine: changePasswordMachine.provide({ actors: changePasswordActors() }),
      steps: [['editing', { type: 'user.submit', currentPassword: 'old secret!', newPassword: 'a brand new secret' }]],
      want: { method: 'POST', path: '/account/settings/password', body: { currentPassword: 'old secret!', newPassword: 'a brand new secret' } },
    },
    requestEmailChange: {
      machine: changeEmailMachine.provide({ actors: changeEmailActors(qc()) }),
      input: { step: 'form' },
      answers: { 'GET /account/settings/email': { email: 'ana@example.com', proposedNewEmail: null } },
      steps: [['editing', { type: 'user.submit', newEmail: ' new@example.com ', password: 'secret' }]],
      want: { method: 'POST', path: '/account/settings/email', body: { newEmail: 'new@example.com', password: 'secret' } },
    },
    verifyEmailChange: {
      machine: changeEmailMachine.provide({ actors: changeEmailActors(qc()) }),
      input: { step: 'code' },
      answers: { 'GET /account/settings/email': { email: 'ana@example.com', proposedNewEmail: 'new@example.com' } },
      steps: [['enteringCode', { type: 'user.submitCode', code: '123456' }]],
      want: { method: 'POST', path: '/account/settings/email/verify', body: { code: '123456' } },
    },
    checkPassword: {
      machine: reauthMachine.provide({ actors: reauthActors() }),
      steps: [['enteringPassword', { type: 'user.submitPassword', password: 'secret' }]],
      want: { method: 'POST', path: '/account/settings/mfa/reauth', body: { password: 'secret' } },
    },
    checkCode: {
      machine: reauthMachine.provide({ actors: reauthActors() }),
      answers: { 'POST /account/settings/mfa/reauth': { status: 'code-sent', phoneNumber: '•••-•••-0123', mfaVerifiedAt: null } },
      steps: [
        ['enteringPassword', { type: 'user.submitPassword', password: 'secret' }],
        ['enteringCode', { type: 'user.submitCode', code: '123456' }],
      ],
      want: { method: 'POST', path: '/account/settings/mfa/reauth/verify', body: { code: '123456' } },
    },
    sendPhoneCode: {
      machine: mfaPhoneMachine.provide({ actors: mfaPhoneActors() }),
      input: { mode: 'add' },
      steps: [['editing', { type: 'user.submit', phoneNumber: '(206) 555-0123' }]],
      want: { method: 'POST', path: '/account/settings/mfa/phone', body: { phoneNumber: '2065550123' } },
    },
    verifyPhoneCode: {
      machine: mfaPhoneMachine.provide({ actors: mfaPhoneActors() }),
      input: { mode: 'add' },
      answers: { 'POST /account/settings/mfa/phone': { pendingPhoneNumber: '•••-•••-0123' } },
      steps: [
        ['editing', { type: 'user.submit', phoneNumber: '(206) 555-0123' }],
        ['enteringCode', { type: 'user.submitCode', code: '123456' }],
      ],
      want: { method: 'POST', path: '/account/settings/mfa/phone/verify', body: { code: '123456' } },
    },
    savePreference: {
      machine: communicationPreferencesMachine.provide({ actors: communicationPreferencesActors() }),
      answers: { 'GET /account/communication-preferences': savedPreferences },
      steps: [['ready', { type: 'user.toggle', key: 'receiveGeneralEmailCommunications', value: false }]],
      want: { method: 'PUT', path: '/account/communication-preferences', body: { receiveGeneralEmailCommunications: false } },
    },
    saveProfile: {
      machine: personalDetailsMachine.provide({ actors: personalDetailsActors(qc()) }),
      answers: { 'GET /account/profile': savedProfile },
      steps: [['editing', { type: 'user.submit', firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthMonth: '2', birthDay: '29' }]],
      want: { method: 'PATCH', path: '/account/profile', body: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthday: { month: 2, day: 29 } } },
    },
    savePartnerNumber: {
      machine: partnerNumberMachine.provide({ actors: partnerNumberActors() }),
      answers: { 'GET /account/partner-number': { partnerNumber: '7654321' } },
      steps: [['ready', { type: 'user.remove' }]],
      want: { method: 'PUT', path: '/account/partner-number', body: { partnerNumber: null } },
    },
  };
  const challenge = { code: 'MFA_CHALLENGE_REQUIRED', message: 'Enter the code we sent to your phone.', challengeId: 'c'.repeat(22), mfaChallengeMethods: [{ id: 'c'.repeat(22), phoneNumber: '•••-•••-1234', phoneSmsState: 'sent' }] };

  for (const [actor, flow] of Object.entries(flows)) {
    it(`${actor}: ${flow.want.method} ${flow.want.path}`, async () => {
      document.cookie = 'csrf=tok';
      const sent: Array<{ method: string; path: string; body: unknown }> = [];
      vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const path = String(url).replace('/apiproxy/v1', '');
        sent.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (path === '/session') return respond(200, { signedIn: false, user: null, mfaVerifiedAt: null });
        if (actor === 'verifyCode' && path === '/account/signin') return respond(401, challenge);
        const key = `${method} ${path}`;
        return flow.answers && key in flow.answers ? respond(200, flow.answers[key]) : respond(500, { code: 'UNEXPECTED_ERROR', message: 'x' });
      }));
      const a = createActor(flow.machine, flow.input !== undefined ? { input: flow.input } : {}).start();
      for (const [state, event] of flow.steps ?? []) {
        await waitForActor(a, (s) => s.matches(state));
        a.send(event);
      }
      await vi.waitFor(() => expect(sent.find((c) => c.method === flow.want.method && c.path === flow.want.path)).toBeTruthy());
      expect(sent.find((c) => c.method === flow.want.method && c.path === flow.want.path)!.body).toEqual(flow.want.body);
      a.stop();
    });
  }
});

describe('auth guard', () => {
  it('sends a guest to sign-in with the current path and search as the return URL', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, { signedIn: false, user: null, mfaVerifiedAt: null, staffStores: [] });
    const thrown = await requireSignIn({ queryClient }, { href: '/account/settings/password?x=1' }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ options: { to: '/account/signin', search: { returnUrl: '/account/settings/password?x=1' } } });
  });
  it('lets a signed-in user through', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, { signedIn: true, user: { exId: 'u', firstName: 'A', lastName: 'L', email: 'a@b.c' }, mfaVerifiedAt: null, staffStores: [] });
    await expect(requireSignIn({ queryClient }, { href: '/account/for-you' })).resolves.toMatchObject({ session: { signedIn: true } });
  });
  it('a second factor counts for 15 minutes', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(hasRecentSecondFactor({ mfaVerifiedAt: '2026-01-01T11:50:00Z' }, now)).toBe(true);
    expect(hasRecentSecondFactor({ mfaVerifiedAt: '2026-01-01T11:44:59Z' }, now)).toBe(false);
    expect(hasRecentSecondFactor({ mfaVerifiedAt: null }, now)).toBe(false);
    expect(secondFactorRemainingMs({ mfaVerifiedAt: '2026-01-01T11:50:00Z' }, now)).toBe(5 * 60_000);
  });
});

describe('sign-in and create search parameters', () => {
  it('keep only same-origin relative return URLs and known variants', () => {
    expect(v.parse(AccountEntrySearch, { returnUrl: '/store-locator?favorites=1', variant: 'promo' })).toEqual({ returnUrl: '/store-locator?favorites=1', variant: 'promo' });
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'relative', 42])
      expect(v.parse(AccountEntrySearch, { returnUrl: bad }).returnUrl).toBeUndefined();
    expect(v.parse(AccountEntrySearch, { variant: 'nope' }).variant).toBeUndefined();
    expect(v.parse(AccountEntrySearch, {})).toEqual({});
  });
});
