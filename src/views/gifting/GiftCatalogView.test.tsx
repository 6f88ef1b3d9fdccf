import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { giftCatalogMachine, checkBalanceRequest, loadCatalogRequest } from '../../../machines/gift-catalog.machine.ts';
import { giftCatalogEvents } from '../../../machines/__tests__/gift-catalog.expect.ts';
import { fill, modelPaths, pathName, walkPath, type FlowViewModel, type Harness } from '../../test/account-harness.tsx';
import { GiftCatalogView } from './GiftCatalogView.tsx';

/**
 * The catalog view along every path of the giftCatalog machine (walkPath): what each state shows, with the spec's
 * and the design's texts as literals, and the requests the form sends.
 */
type M = typeof giftCatalogMachine;

const base = (input: { categoryUrn: string | null; balanceCheck: boolean }, banner = true): FlowViewModel<M> => ({
  machine: giftCatalogMachine,
  events: giftCatalogEvents as unknown as AnyEventObject[],
  input: { locale: 'en-US', ...input },
  actors: ['loadCatalog', 'checkBalance'],
  requests: { loadCatalog: loadCatalogRequest, checkBalance: checkBalanceRequest },
  spyActions: ['notify', 'redirect'],
  render: (actor) => <GiftCatalogView actor={actor} showBulkGiftBanner={banner} cardBalanceUrl={input.balanceCheck ? '/gift#check-balance' : '/account/cards'} />,
  perform: {
    'user.retry': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Try again' })),
    'user.checkBalance': async (e, h) => {
      const ev = e as { cardNumber: string; securityCode: string };
      await fill(h.user, screen.getByLabelText('Card number'), ev.cardNumber);
      await fill(h.user, screen.getByLabelText('Security code'), ev.securityCode);
      await h.user.click(screen.getByRole('button', { name: 'Check balance' }));
    },
    'user.checkAnother': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Check another card' })),
  },
  check: (s, h: Harness<M>) => {
    if (s.matches('loading') || s.matches('notFound')) {
      expect(screen.getByRole('progressbar')).toBeTruthy();
      if (s.matches('notFound')) {
        expect(h.spies.notify).toHaveBeenCalledWith(expect.anything(), { message: 'giftFetchError', tone: 'error' });
        expect(h.spies.redirect).toHaveBeenCalledTimes(1);
      }
      return;
    }
    if (s.matches('loadFailed')) {
      expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
      return;
    }
    const category = s.context.categoryUrn;
    if (category) {
      expect(screen.getByRole('heading', { level: 1, name: 'Holiday eGifts' })).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 2, name: 'Birthday' })).toBeNull();
      expect(screen.getByRole('link', { name: 'All eGift cards' }).getAttribute('href')).toBe('/gift');
    } else {
      expect(screen.getByRole('heading', { level: 1, name: 'eGift cards' })).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 2 }).map((x) => x.textContent)).toEqual(expect.arrayContaining(['Birthday', 'Holiday']));
      expect(screen.getByRole('link', { name: 'See all Birthday eGifts' }).getAttribute('href')).toBe('/gift/category/birthday');
    }
    // each design is its art, named by its alt text, linking to its page
    const design = screen.getByRole('link', { name: 'Holiday eGift: snowflakes' });
    expect(design.getAttribute('href')).toBe('/gift/14000001');
    expect(within(design).getByRole('img').getAttribute('src')).toBe('/gift/art/holiday-snowflakes.svg');
    expect(screen.getByText('Gifting a group? Add up to 10 recipients to one eGift.')).toBeTruthy();
    const balanceLink = screen.getByRole('link', { name: 'Check your card balance' });
    if (s.matches({ ready: 'balanceOff' })) {
      expect(balanceLink.getAttribute('href')).toBe('/account/cards');
      expect(screen.queryByLabelText('Card number')).toBeNull();
      return;
    }
    expect(balanceLink.getAttribute('href')).toBe('/gift#check-balance');
    expect(screen.getByRole('heading', { level: 2, name: 'Check your card balance' })).toBeTruthy();
    if (s.matches({ ready: 'balanceShown' })) {
      expect(screen.getByText('Card •••• 0207 has $100.00')).toBeTruthy();
      return;
    }
    const button = screen.getByRole('button', { name: 'Check balance' }) as HTMLButtonElement;
    expect(button.disabled).toBe(s.matches({ ready: 'checkingBalance' }));
    const errors = s.context.balanceErrors;
    if (errors.cardNumber) expect(screen.getByText('A valid card number has 16 digits.')).toBeTruthy();
    if (errors.securityCode) expect(screen.getByText('A valid security code has 8 digits.')).toBeTruthy();
    const failure = { balanceLookWrong: "That card number or security code doesn't look right.", rateLimited: 'Too many attempts. Please wait a few minutes and try again.', generic: 'Something went wrong. Please try again.' };
    for (const [key, text] of Object.entries(failure)) {
      if (s.context.balanceError === key) expect(screen.getByText(text)).toBeTruthy();
      else expect(screen.queryByText(text)).toBeNull();
    }
  },
  sends: (e, s) => {
    if (e.type === 'xstate.init' || (e.type === 'user.retry' && s.matches('loading'))) return [{ src: 'loadCatalog', request: { locale: 'en-US' } }];
    if (e.type === 'user.checkBalance' && s.matches({ ready: 'checkingBalance' })) return [{ src: 'checkBalance', request: { cardNumber: '6000100000000207', securityCode: '12345678' } }];
    return [];
  },
});

describe('GiftCatalogView (/gift, balance check on)', () => {
  const m = base({ categoryUrn: null, balanceCheck: true });
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});

describe('GiftCatalogView (/gift/category/holiday, balance check off)', () => {
  const m = base({ categoryUrn: 'holiday', balanceCheck: false });
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});

describe('GiftCatalogView (unknown category)', () => {
  const m = base({ categoryUrn: 'no-such-category', balanceCheck: true });
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
