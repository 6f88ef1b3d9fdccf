/**
 * Adding a received eGift to one's cards (docs/gifting.md 2.5 and 3.5; spec 3 section 1 "eGifts sent by email",
 * section 6 "Guest versus signed-in is decided by session metadata"): the link's token is in the URL fragment; without
 * one (or with one that cannot be a token) the link is not valid and nothing is asked of the server; a signed-out
 * visitor is asked to sign in or create an account, the token kept in the tab and the page coming back to
 * /gift/claim; a member sees the amount and the card's last four, Add to my cards makes the card theirs (a toast,
 * then its card page); a gift claimed before says so ('This gift has already been claimed.'); an unknown token says
 * the link is not valid; a failed look-up offers Try again; a failed claim shows its text and Add again.
 */
import { expect } from 'vitest';
import { giftClaimMachine, claimGiftRequest, resolveTokenRequest } from '../gift-claim.machine.ts';
import { GiftMessages } from '../../contracts/gift-messages.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const TOKEN = 'gT0k3n_abcdefghijklmnop';
const card = { lastFour: '0421', balance: { amount: 2500, currency: 'USD' as const } };
const alreadyClaimed = apiError(409, 'GIFT_ALREADY_CLAIMED', 'This gift has already been claimed.');
export const giftClaimEvents = [
  { type: 'user.signIn' },
  { type: 'user.createAccount' },
  { type: 'user.retry' },
  { type: 'user.claim' },
  done('resolveToken', card),
  fail('resolveToken', alreadyClaimed),
  fail('resolveToken', apiError(422, '121000', 'That eGift link is not valid.')),
  fail('resolveToken', serverDown),
  done('claimGift', { cardId: 'card-77' }),
  fail('claimGift', alreadyClaimed),
  fail('claimGift', apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.')),
] as const;
const E = giftClaimEvents as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { card: unknown; claimError: string | null; destination: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, c: !!s.context.card, e: s.context.claimError, to: s.context.destination });

const INPUTS = {
  member: { token: TOKEN, signedIn: true },
  signedOut: { token: TOKEN, signedIn: false },
  noToken: { token: null, signedIn: true },
  notAToken: { token: 'a b<c>', signedIn: false },
};

export const giftClaimFlow: Flow<typeof giftClaimMachine> = {
  machine: giftClaimMachine,
  table: {
    starting: { always: [{ guard: 'hasNoToken', to: 'invalid' }, { guard: 'isSignedOut', to: 'signedOut' }, 'resolving'] },
    signedOut: { 'user.signIn': 'leaving', 'user.createAccount': 'leaving' },
    resolving: {
      'xstate.done.actor.resolveToken': 'ready',
      'xstate.error.actor.resolveToken': [{ guard: 'isAlreadyClaimed', to: 'alreadyClaimed' }, { guard: 'isUnknownToken', to: 'invalid' }, 'loadFailed'],
    },
    loadFailed: { 'user.retry': 'resolving' },
    ready: { 'user.claim': 'claiming' },
    claiming: {
      'xstate.done.actor.claimGift': 'claimed',
      'xstate.error.actor.claimGift': [{ guard: 'isAlreadyClaimed', to: 'alreadyClaimed' }, 'ready'],
    },
  },
  journeys: [
    { name: 'a member adds the gift and lands on its card', run: 'member', events: [E[4]!, E[3]!, E[8]!], ends: 'claimed' },
    { name: 'a second claim: already claimed at the look-up', run: 'member', events: [E[5]!], ends: 'alreadyClaimed' },
    { name: 'claimed meanwhile: already claimed at the claim', run: 'member', events: [E[4]!, E[3]!, E[9]!], ends: 'alreadyClaimed' },
    { name: 'an unknown token: the link is not valid', run: 'member', events: [E[6]!], ends: 'invalid' },
    { name: 'the look-up fails, Try again finds it', run: 'member', events: [E[7]!, E[2]!, E[4]!], ends: 'ready' },
    { name: 'the claim fails: its text, then Add again works', run: 'member', events: [E[4]!, E[3]!, E[10]!, E[3]!, E[8]!], ends: 'claimed' },
    { name: 'signed out: sign in first', run: 'signedOut', events: [E[0]!], ends: 'leaving' },
    { name: 'signed out: create an account first', run: 'signedOut', events: [E[1]!], ends: 'leaving' },
    { name: 'no token in the link', run: 'noToken', events: [], ends: 'invalid' },
    { name: 'not a token, signed out: not valid, no sign-in asked', run: 'notAToken', events: [], ends: 'invalid' },
  ],
  catalogue: GiftMessages,
  sees: {
    signedOut: { message: 'Sign in or create an account to add this gift to your cards.' },
    resolving: { tags: ['loading'] },
    loadFailed: { tags: ['error'], message: 'Something went wrong. Please try again.' },
    claiming: { tags: ['loading'] },
    alreadyClaimed: { tags: ['error'], message: 'This gift has already been claimed.' },
    invalid: { tags: ['error'], message: 'This gift link is not valid.' },
  },
  effects: {
    // the token waits in the tab (never in a URL); the page comes back to /gift/claim
    'user.signIn -> leaving': ['keepToken', 'redirect:/account/signin?returnUrl=%2Fgift%2Fclaim'],
    'user.createAccount -> leaving': ['keepToken', 'redirect:/account/create?returnUrl=%2Fgift%2Fclaim'],
    'xstate.done.actor.claimGift -> claimed': ['forgetToken', 'notify:giftClaimed/success', 'redirect:/account/cards/card-77'],
    '* -> alreadyClaimed': ['forgetToken'],
    '* -> invalid': ['forgetToken'],
  },
  arrange(machine) {
    const fakes = requestFakes({ resolveToken: resolveTokenRequest, claimGift: claimGiftRequest });
    const spy = spyActions(['notify', 'redirect', 'keepToken', 'forgetToken'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy: {
        clear: spy.clear,
        step: () => spy.step().map((l) => (l.name === 'redirect' ? { name: 'redirect', params: { to: (l.context as { destination: string | null }).destination } } : l)),
      },
      runs: Object.entries(INPUTS).map(([name, input]) => ({ name, options: { events: giftClaimEvents as never, input, serializeState: serializeState as never } })),
      onStep(s, event) {
        const c = s.context;
        if (s.matches('resolving')) expect(fakes.last('resolveToken')).toEqual({ cashstarToken: TOKEN });
        if (s.matches('claiming')) expect(fakes.last('claimGift')).toEqual({ cashstarToken: TOKEN });
        // only the amount and the last four are kept: never the number or the security code
        if (s.matches('ready') || s.matches('claiming')) expect(c.card).toEqual(card);
        if (event.type === 'xstate.error.actor.claimGift' && s.matches('ready')) expect(c.claimError).toBe('Too many attempts. Please wait a few minutes and try again.');
        if (s.matches('claiming')) expect(c.claimError).toBeNull();
        if (!s.matches('leaving') && !s.matches('claimed')) expect(c.destination).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('resolveToken')).toEqual([{ cashstarToken: TOKEN }]);
        expect(fakes.distinct('claimGift')).toEqual([{ cashstarToken: TOKEN }]);
        expect(GiftMessages.giftClaimed).toBe('Gift added to your cards');
      },
    };
  },
};
