import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { rewardsSummaryMachine } from '../../../machines/rewards-summary.machine.ts';
import { rewardsSummaryEvents } from '../../../machines/__tests__/rewards-summary.expect.ts';
import { modelPaths, pathName, renderWithRouter, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { REWARDS_TEXTS, specText } from '../../test/spec-texts.ts';
import { AccountRewardsView } from './AccountRewardsView.tsx';
import { RewardsClassicView } from './RewardsClassicView.tsx';
import { RewardsHowItWorksView } from './RewardsHowItWorksView.tsx';
import { RewardsProgramView } from './RewardsProgramView.tsx';
import { scrollToSection } from './ways-to-pay.ts';

/** The rewards pages without a flow (spec 3 section 2 "Rewards area"; docs/rewards.md section 1) and /account/rewards. */
describe('/rewards, flag on (RewardsHowItWorksView)', () => {
  it("signed out: hero with 'Join Now' to /account/create, the three cards, questions; no sub-navigation", async () => {
    renderWithRouter(<RewardsHowItWorksView signedIn={false} questionsUrl="/help/rewards" />);
    expect((await screen.findByRole('link', { name: specText('Join Now', REWARDS_TEXTS) })).getAttribute('href')).toBe('/account/create');
    const hero = document.querySelector('.rewards-hero-image')!;
    expect([hero.getAttribute('width'), hero.getAttribute('height')]).toEqual(['448', '579']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      specText('Earn Stars', REWARDS_TEXTS),
      specText('Get Rewarded', REWARDS_TEXTS),
      specText('Indulge in the Benefits', REWARDS_TEXTS),
      'Questions?',
    ]);
    expect(screen.getByRole('link', { name: 'See Rewards questions' }).getAttribute('href')).toBe('/help/rewards');
    expect(screen.queryByRole('navigation', { name: 'Rewards' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'How It Works' })).toBeNull();
  });
  it("signed in: the tabs 'How It Works' and 'My Rewards', no Join Now", async () => {
    renderWithRouter(<RewardsHowItWorksView signedIn questionsUrl="/help/rewards" />);
    const tabs = await screen.findByRole('navigation', { name: 'Rewards' });
    expect(within(tabs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['How It Works', '/rewards'],
      ['My Rewards', '/rewards/my-rewards'],
    ]);
    expect(screen.queryByRole('link', { name: 'Join Now' })).toBeNull();
  });
});

describe('/rewards, flag off (RewardsClassicView)', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('en-US: ways to pay, questions, terms with the US-only store-locator link and sentence', async () => {
    renderWithRouter(<RewardsClassicView locale="en-US" questionsUrl="/help/rewards" />);
    const ways = await screen.findByRole('region', { name: 'Ways to pay' });
    expect(ways.id).toBe('ways-to-pay');
    expect(within(ways).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Pay as you go', 'Add funds in the app']);
    expect(screen.getByRole('heading', { level: 2, name: 'Questions?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a participating store' }).getAttribute('href')).toBe('/store-locator');
    expect(screen.getByText(/Available at participating stores in the U.S. only./)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Rewards' })).toBeNull();
  });
  it('fr-CA: no store-locator link or US-only sentence', async () => {
    renderWithRouter(<RewardsClassicView locale="fr-CA" questionsUrl="/help/rewards" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Terms' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Find a participating store' })).toBeNull();
    expect(screen.queryByText(/U.S. only/)).toBeNull();
  });
  it('#ways-to-pay lands 149 px below the top on a desktop, 50 px on a phone, and focuses its heading', async () => {
    renderWithRouter(<RewardsClassicView locale="en-US" questionsUrl="/help/rewards" />);
    const ways = await screen.findByRole('region', { name: 'Ways to pay' });
    ways.getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    const scrollTo = vi.fn();
    for (const [phone, top] of [[false, 900 - 149], [true, 900 - 50]] as const) {
      const win = { document, scrollY: 0, scrollTo, matchMedia: (q: string) => ({ matches: phone && q === '(max-width: 767px)' }) } as unknown as Window;
      expect(scrollToSection('ways-to-pay', win)).toBe(true);
      expect(scrollTo).toHaveBeenLastCalledWith({ top, behavior: 'instant' });
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Ways to pay' }));
    }
    expect(scrollToSection('nowhere', { document } as unknown as Window)).toBe(false);
  });
});

describe('/rewards/program (RewardsProgramView)', () => {
  it('hero 720x461, benefits, getting started with /account/create, the five tiers, ways to pay anchor, partnerships, terms', async () => {
    renderWithRouter(<RewardsProgramView />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Rewards' })).toBeTruthy();
    const hero = document.querySelector('.rewards-hero-image--program')!;
    expect([hero.getAttribute('width'), hero.getAttribute('height')]).toEqual(['720', '461']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Benefits', 'Getting started', 'Get your favorites for free', 'Ways to pay', 'Partnerships', 'Terms']);
    expect(screen.getByRole('link', { name: 'Join Harbor Rewards' }).getAttribute('href')).toBe('/account/create');
    expect(screen.getByRole('link', { name: 'Ways to pay' }).getAttribute('href')).toBe('#ways-to-pay');
    expect(document.getElementById('ways-to-pay')).toBeTruthy();
    const tiers = within(document.querySelector('.rewards-tiers') as HTMLElement).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(tiers).toEqual(['25 Stars', '100 Stars', '200 Stars', '300 Stars', '400 Stars']);
    expect(screen.getByText('Handcrafted drink or hot breakfast, at select stores')).toBeTruthy();
    expect(screen.getByText(/reloads of \$25 or more/)).toBeTruthy();
  });
});

type M = typeof rewardsSummaryMachine;
const account: FlowViewModel<M> = {
  machine: rewardsSummaryMachine,
  events: rewardsSummaryEvents as unknown as AnyEventObject[],
  input: { signedIn: true },
  actors: ['loadRewardsSummary'],
  render: (actor) => <AccountRewardsView actor={actor} />,
  perform: { 'user.retry': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Try again' })) },
  check: (s) => {
    if (s.matches('loadFailed')) {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(specText('Uh oh!', REWARDS_TEXTS));
      expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
      return;
    }
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rewards');
    expect(document.querySelector('.rewards-theme-band')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How Harbor Rewards works' }).getAttribute('href')).toBe('/account/rewards/how-it-works');
    if (s.matches('loading')) {
      expect(screen.getByRole('progressbar')).toBeTruthy();
      return;
    }
    expect(screen.getByText('120 Stars')).toBeTruthy();
    expect(screen.getByText('80 Stars to your next Reward')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Expiring soon' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['30 Stars expire on Jan 1, 2027']);
    expect(within(screen.getByRole('list', { name: 'Expired' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['12 Stars expired on Oct 1, 2026']);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Nov 20, 2026', 'EarnedOrder 1001', '+80', '120'],
      ['Nov 19, 2026', 'EarnedOrder 1000', '+40', '40'],
    ]);
  },
  sends: (e, s) => (s.matches('loading') && ['xstate.init', 'user.retry'].includes(e.type) ? [{ src: 'loadRewardsSummary', request: undefined }] : []),
};

describe('AccountRewardsView', () => {
  for (const path of modelPaths(account)) it(pathName(path), () => walkPath(account, path));
});
