import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { giftClaimMachine, claimGiftRequest, resolveTokenRequest } from '../../../machines/gift-claim.machine.ts';
import { giftClaimEvents } from '../../../machines/__tests__/gift-claim.expect.ts';
import { modelPaths, pathName, walkPath, type FlowViewModel, type Harness } from '../../test/account-harness.tsx';
import { GiftClaimView } from './GiftClaimView.tsx';

/**
 * The claim page along every path of the giftClaim machine (walkPath): what each state shows, with the design's
 * texts as literals, and the requests it sends (the token only in their bodies).
 */
type M = typeof giftClaimMachine;
const TOKEN = 'gT0k3n_abcdefghijklmnop';

const base = (input: { token: string | null; signedIn: boolean }): FlowViewModel<M> => ({
  machine: giftClaimMachine,
  events: giftClaimEvents as unknown as AnyEventObject[],
  input,
  actors: ['resolveToken', 'claimGift'],
  requests: { resolveToken: resolveTokenRequest, claimGift: claimGiftRequest },
  spyActions: ['notify', 'redirect', 'keepToken', 'forgetToken'],
  render: (actor) => <GiftClaimView actor={actor} />,
  perform: {
    'user.signIn': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Sign in' })),
    'user.createAccount': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Create an account' })),
    'user.retry': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Try again' })),
    'user.claim': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Add to my cards' })),
  },
  check: (s, h: Harness<M>) => {
    expect(screen.getByRole('heading', { level: 1, name: 'Add your eGift' })).toBeTruthy();
    if (s.matches('signedOut')) {
      expect(screen.getByText('Sign in or create an account to add this gift to your cards.')).toBeTruthy();
      expect(screen.queryByText(/eGift for you/)).toBeNull();
      return;
    }
    if (s.matches('leaving')) {
      expect(h.spies.keepToken).toHaveBeenCalledTimes(1);
      expect(h.spies.redirect).toHaveBeenCalledTimes(1);
      expect(s.context.destination).toMatch(/^\/account\/(signin|create)\?returnUrl=%2Fgift%2Fclaim$/);
      return;
    }
    if (s.matches('resolving') || s.matches('claimed')) {
      expect(screen.getByRole('progressbar')).toBeTruthy();
      if (s.matches('claimed')) {
        expect(h.spies.notify).toHaveBeenCalledWith(expect.anything(), { message: 'giftClaimed', tone: 'success' });
        expect(h.spies.forgetToken).toHaveBeenCalledTimes(1);
        expect(s.context.destination).toBe('/account/cards/card-77');
      }
      return;
    }
    if (s.matches('loadFailed')) {
      expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
      return;
    }
    if (s.matches('alreadyClaimed')) {
      expect(screen.getByRole('alert').textContent).toBe('This gift has already been claimed.');
      expect(screen.getByRole('link', { name: 'See my cards' }).getAttribute('href')).toBe('/account/cards');
      expect(h.spies.forgetToken).toHaveBeenCalledTimes(1);
      return;
    }
    if (s.matches('invalid')) {
      expect(screen.getByRole('alert').textContent).toBe('This gift link is not valid.');
      expect(screen.getByRole('link', { name: 'Browse eGift cards' }).getAttribute('href')).toBe('/gift');
      expect(h.spies.forgetToken).toHaveBeenCalledTimes(1);
      return;
    }
    // ready or claiming: the amount and the last four, never the number
    expect(screen.getByText('A $25.00 eGift for you')).toBeTruthy();
    expect(screen.getByText('Card •••• 0421')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Add to my cards' });
    expect(button.getAttribute('aria-disabled')).toBe(s.matches('claiming') ? 'true' : null);
    const limited = 'Too many attempts. Please wait a few minutes and try again.';
    if (s.context.claimError) expect(screen.getByText(limited)).toBeTruthy();
    else expect(screen.queryByText(limited)).toBeNull();
  },
  sends: (e, s) => {
    if ((e.type === 'xstate.init' || e.type === 'user.retry') && s.matches('resolving')) return [{ src: 'resolveToken', request: { cashstarToken: TOKEN } }];
    if (e.type === 'user.claim' && s.matches('claiming')) return [{ src: 'claimGift', request: { cashstarToken: TOKEN } }];
    return [];
  },
});

describe('GiftClaimView (member with a token)', () => {
  const m = base({ token: TOKEN, signedIn: true });
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});

describe('GiftClaimView (signed out)', () => {
  const m = base({ token: TOKEN, signedIn: false });
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});

describe('GiftClaimView (no token)', () => {
  const m = base({ token: null, signedIn: true });
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
