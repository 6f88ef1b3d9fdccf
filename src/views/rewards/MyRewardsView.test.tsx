import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { rewardsSummaryMachine } from '../../../machines/rewards-summary.machine.ts';
import { memberSummary, rewardsSummaryEvents } from '../../../machines/__tests__/rewards-summary.expect.ts';
import { RewardsMessages } from '../../../contracts/rewards-messages.ts';
import { modelPaths, pathName, renderWithRouter, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { REWARDS_TEXTS, specText } from '../../test/spec-texts.ts';
import { BenefitsBox, MyRewardsView } from './MyRewardsView.tsx';
import { createActor } from 'xstate';

/**
 * /rewards/my-rewards along every path of the rewardsSummary machine, signed in and out (spec 3 section 2: 'Your
 * {level} Status benefits', level capitalised, default Green; the universal-benefits box; section 8 'Uh oh!').
 */
type M = typeof rewardsSummaryMachine;
const ALL_FOUR = [
  { id: 'free-monday', enabled: true },
  { id: 'personalized-games', enabled: true },
  { id: 'double-star-personal-cup', enabled: true },
  { id: 'coffee-loop', enabled: true },
];

const model = (signedIn: boolean): FlowViewModel<M> => ({
  machine: rewardsSummaryMachine,
  events: rewardsSummaryEvents as unknown as AnyEventObject[],
  input: { signedIn },
  actors: ['loadRewardsSummary'],
  render: (actor) => <MyRewardsView actor={actor} universalBenefits={ALL_FOUR} />,
  perform: {
    'user.retry': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  check: (s) => {
    // the sub-navigation only when signed in (spec 2)
    const tabs = screen.queryByRole('navigation', { name: 'Rewards' });
    if (signedIn) {
      expect(within(tabs!).getByRole('link', { name: specText('How It Works', REWARDS_TEXTS) }).getAttribute('href')).toBe('/rewards');
      expect(within(tabs!).getByRole('link', { name: specText('My Rewards', REWARDS_TEXTS) }).getAttribute('href')).toBe('/rewards/my-rewards');
    } else expect(tabs).toBeNull();
    if (s.matches('loadFailed')) {
      expect(screen.getByRole('heading', { level: 1, name: specText(RewardsMessages.rewardsErrorHeading, REWARDS_TEXTS) }).textContent).toBe('Uh oh!');
      expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
      expect(screen.queryByText(/Status benefits/)).toBeNull();
      return;
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // level capitalised; signed out or before the summary: Green
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(s.matches('ready') ? 'Your Gold Status benefits' : 'Your Green Status benefits');
    if (s.matches('loading')) expect(screen.getByRole('progressbar')).toBeTruthy();
    else expect(screen.queryByRole('progressbar')).toBeNull();
    if (s.matches('ready')) {
      expect(screen.getByText('120 Stars')).toBeTruthy();
      expect(screen.getByText('Gold Status until Nov 28, 2027')).toBeTruthy();
      expect(screen.getByText('80 Stars to your next Reward')).toBeTruthy();
      expect(screen.getByText('30 Stars expire on Jan 1, 2027')).toBeTruthy();
    } else expect(screen.queryByText(/Stars to your next Reward/)).toBeNull();
    const cards = [...document.querySelectorAll('[data-benefit]')].map((li) => li.getAttribute('data-benefit'));
    expect(cards).toEqual(['free-monday', 'personalized-games', 'double-star-personal-cup', 'coffee-loop']);
  },
  sends: (e, s) => (s.matches('loading') && ['xstate.init', 'user.retry'].includes(e.type) ? [{ src: 'loadRewardsSummary', request: undefined }] : []),
});

describe('MyRewardsView', () => {
  for (const signedIn of [true, false]) {
    const m = model(signedIn);
    for (const path of modelPaths(m)) it(`${signedIn ? 'member' : 'guest'}: ${pathName(path)}`, () => walkPath(m, path));
  }
});

describe('BenefitsBox', () => {
  it('unknown ids and disabled cards are dropped, configured order kept', () => {
    renderWithRouter(
      <BenefitsBox
        cards={[
          { id: 'coffee-loop', enabled: true },
          { id: 'mystery-perk', enabled: true },
          { id: 'free-monday', enabled: false },
          { id: 'personalized-games', enabled: true },
        ]}
      />,
    );
    return screen.findByText('Coffee Loop').then(() => {
      expect([...document.querySelectorAll('[data-benefit]')].map((li) => li.getAttribute('data-benefit'))).toEqual(['coffee-loop', 'personalized-games']);
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Coffee Loop', 'Personalized games']);
      expect(screen.queryByText('Benefits information will be available soon.')).toBeNull();
    });
  });
  it("none left: 'Benefits information will be available soon.'", async () => {
    renderWithRouter(<BenefitsBox cards={[{ id: 'mystery-perk', enabled: true }, { id: 'coffee-loop', enabled: false }]} />);
    expect(await screen.findByText(specText(RewardsMessages.benefitsFallback, REWARDS_TEXTS))).toBeTruthy();
    expect(document.querySelectorAll('[data-benefit]')).toHaveLength(0);
  });
  it('a member at Green without a level name falls back to Green', async () => {
    const actor = createActor(rewardsSummaryMachine.provide({ actors: { loadRewardsSummary: (await import('xstate')).fromPromise(async () => ({ ...memberSummary, level: '' })) } }), { input: { signedIn: true } });
    actor.start();
    renderWithRouter(<MyRewardsView actor={actor} universalBenefits={[]} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Green Status benefits' })).toBeTruthy();
    expect(screen.getByText('Benefits information will be available soon.')).toBeTruthy();
    actor.stop();
  });
});
