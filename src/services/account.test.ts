import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor as waitForActor } from 'xstate';
import { signInMachine } from '../../machines/sign-in.machine.ts';
import { ApiRequestError } from './api.ts';
import { accountApi, signInActors, toFlowError } from './account.actors.ts';
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
    await expect(accountApi.resetTokenStatus('x')).rejects.toMatchObject({ code: 'RESET_TOKEN_EXPIRED', status: 410 });
  });
});

describe('auth guard', () => {
  it('sends a guest to sign-in with the current path and search as the return URL', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, { signedIn: false, user: null, mfaVerifiedAt: null });
    const thrown = await requireSignIn({ queryClient }, { href: '/account/settings/password?x=1' }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ options: { to: '/account/signin', search: { returnUrl: '/account/settings/password?x=1' } } });
  });
  it('lets a signed-in user through', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, { signedIn: true, user: { exId: 'u', firstName: 'A', lastName: 'L', email: 'a@b.c' }, mfaVerifiedAt: null });
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
