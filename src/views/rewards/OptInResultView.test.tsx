import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { optInResultOf } from '../../../contracts/rewards-promo.ts';
import { renderWithRouter } from '../../test/account-harness.tsx';
import { REWARDS_PROMO_TEXTS, specText } from '../../test/spec-texts.ts';
import { OptInResultView } from './OptInResultView.tsx';

/**
 * The eight opt-in result pages (spec 3 section 2, section 8 "Opt-in pages"; docs/rewards.md 1): heading, body,
 * 'Order now' to /menu where the offer can be earned, the disclaimer on all eight, the 256 by 256 image; any other
 * path is the error page.
 */
const PAGES = [
  ['success', "You're in!", 'Your bonus is ready: earn it on your next orders.', true],
  ['success-multiplier', "You're in!", 'Earn bonus Stars on every order during the event.', true],
  ['active-choice', 'You already chose this offer', 'Your bonus is active: earn it on your next orders.', true],
  ['active-multiplier', "You're already in", 'The event is on: earn bonus Stars on every order until it ends.', true],
  ['active-external', "You're already in", 'You joined this offer elsewhere; it is active on your account.', true],
  ['expired', 'Sorry!', 'This offer expired.', false],
  ['expired-multiplier', 'Sorry!', 'This event is over.', false],
  ['error', 'Uh oh!', "We're working on this issue, so please try again soon. For immediate help, please visit our customer service page.", false],
] as const;
const HELP = 'https://help.example.com/questions';

describe('OptInResultView', () => {
  for (const [path, heading, body, orderNow] of PAGES) {
    it(`${path}: '${heading}', '${body}'${orderNow ? ', Order now' : ''}, the disclaimer`, async () => {
      renderWithRouter(<OptInResultView result={optInResultOf(path)} customerServiceUrl={HELP} />);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(specText(heading, REWARDS_PROMO_TEXTS));
      expect(screen.getByText(specText(body, REWARDS_PROMO_TEXTS))).toBeTruthy();
      expect(screen.getByText('This offer is exclusive to your account and cannot be transferred.')).toBeTruthy();
      const order = screen.queryByRole('link', { name: 'Order now' });
      expect(order?.getAttribute('href') ?? null).toBe(orderNow ? '/menu' : null);
      const img = document.querySelector('.promo-page img')!;
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['256', '256']);
      expect(!!screen.queryByRole('link', { name: 'Customer service' })).toBe(path === 'error');
    });
  }

  for (const other of ['bogus', 'SUCCESS', 'success ', '']) {
    it(`any other path ('${other}') is the error page`, async () => {
      renderWithRouter(<OptInResultView result={optInResultOf(other)} customerServiceUrl={HELP} />);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Uh oh!');
      expect(screen.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(HELP);
    });
  }
});
