import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { promoRedeemMachine, campaignLinkRequest, redeemPromoCodeRequest } from '../../../machines/promo-redeem.machine.ts';
import { promoRedeemEvents } from '../../../machines/__tests__/promo-redeem.expect.ts';
import { modelPaths, pathName, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { REWARDS_PROMO_TEXTS, specText } from '../../test/spec-texts.ts';
import { PromoMessages } from '../../../contracts/rewards-promo.ts';
import { PromoView } from './PromoView.tsx';

/**
 * The promo page along every path of the promoRedeem machine (walkPath): loading, 'Success!' with its 24-hour note,
 * or the failure text of spec 8 for the failed state (Try again only for too soon and generic), with the requests
 * it sends (the URL's match id, then the link data's promo code).
 */
type M = typeof promoRedeemMachine;
const FAILURE_TEXT: Record<string, string> = {
  ineligible: "Looks like you're not eligible for this offer.",
  invalid: 'Looks like this offer could not be validated. Please try again.',
  expired: 'Looks like this offer can no longer be redeemed.',
  tooSoon: 'Looks like you tried to redeem this offer too soon. Try again later.',
  generic: 'Something went wrong. Please try again.',
};
type Snap = { value: unknown; context: { link: { matchId: string } | null; errorCode: string | null } };

const model = (matchId: string | null): FlowViewModel<M> => ({
  machine: promoRedeemMachine,
  // the first of each kind of answer: the view's states, not every code (the machine's tests take every code)
  events: [0, 1, 2, 3, 5, 8, 11, 13, 14, 17, 18, 19].map((i) => promoRedeemEvents[i]) as unknown as AnyEventObject[],
  input: { matchId },
  serializeState: ((s: Snap) => JSON.stringify({ v: s.value, l: s.context.link?.matchId ?? null })) as never,
  actors: ['loadCampaignLink', 'loadPromoUser', 'redeemPromoCode'],
  requests: { loadCampaignLink: campaignLinkRequest, redeemPromoCode: redeemPromoCodeRequest },
  render: (actor) => <PromoView actor={actor} />,
  perform: {
    'user.retry': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  check: (s) => {
    if (s.matches('succeeded')) {
      expect(screen.getByRole('heading', { level: 1, name: specText(PromoMessages.promoSuccess, REWARDS_PROMO_TEXTS) }).textContent).toBe('Success!');
      expect(screen.getByText('Your Reward may take up to 24 hours to show.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Order now' }).getAttribute('href')).toBe('/menu');
      expect(document.querySelector('.promo-page img')!.getAttribute('width')).toBe('232');
      return;
    }
    if (s.hasTag('error')) {
      const leaf = Object.keys(FAILURE_TEXT).find((k) => s.matches({ failed: k as 'generic' }))!;
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Redeem offer');
      expect(screen.getByRole('alert').textContent).toBe(specText(FAILURE_TEXT[leaf], REWARDS_PROMO_TEXTS));
      const retry = screen.queryByRole('button', { name: 'Try again' });
      expect(!!retry).toBe(leaf === 'tooSoon' || leaf === 'generic');
      expect(screen.queryByText('Success!')).toBeNull();
      return;
    }
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Redeem offer');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  sends: (e, s) => {
    if ((e.type === 'xstate.init' || e.type === 'user.retry') && s.matches('loadingLink')) return [{ src: 'loadCampaignLink', request: { matchId: 'spring-latte-01' } }];
    if (e.type === 'xstate.done.actor.loadCampaignLink') return [{ src: 'loadPromoUser', request: undefined }];
    if (e.type === 'xstate.done.actor.loadPromoUser' && s.matches('redeeming')) return [{ src: 'redeemPromoCode', request: { promoCode: s.context.link?.matchId === 'pastry-ca' ? 'PASTRYCA' : 'SPRINGLATTE' } }];
    return [];
  },
});

describe('PromoView (a link)', () => {
  const m = model('spring-latte-01');
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});

describe('PromoView (no match id)', () => {
  const m = model(null);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
