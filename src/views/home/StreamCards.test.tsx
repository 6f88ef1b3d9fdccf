/**
 * The home stream on the real views, machines and service (docs/home.md 2.1, 2.2), with `fetch` answering as the
 * server does: the paths of homeStream (loading → showing | failed | hidden; a fresh cache → showing without a
 * request; a stale cache → refreshing → 304 → showing) and of onboarding (watching → 5 s → seen call → collapsed),
 * each with the spec's literal texts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { HomeStreamSection, type HomeStreamSectionProps } from '../../routes/-home/home-stream-section.tsx';
import { streamCacheKey } from '../../services/home/stream.ts';
import { ALL_TYPES, coupon, DAY, editorial, guest, iso, NOW, onboarding, starExpiry, task, tier } from '../../../machines/__tests__/home-fixtures.ts';

type Call = { method: string; url: URL; body: unknown };
let calls: Call[] = [];
let answers: Array<{ status: number; body?: unknown; wait?: Promise<unknown> }> = [];

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  answers = [];
  document.cookie = 'csrf_token=t; path=/';
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers.shift() ?? { status: 500, body: { code: 'UNEXPECTED_ERROR', message: 'x' } };
    if (next.wait) await next.wait;
    return json(next.status, next.body);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const MEMBER: HomeStreamSectionProps = { signedIn: true, locale: 'en-US', unauthStreamEnabled: false, streamItemTypes: ALL_TYPES };
const T1 = '2026-06-15T11:00:00.000Z';

function renderStream(props: HomeStreamSectionProps, queryClient = new QueryClient()) {
  window.scrollTo = () => {};
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/account/for-you', component: () => <HomeStreamSection {...props} /> });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/account/for-you'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return queryClient;
}
const streamCalls = () => calls.filter((c) => c.url.pathname.includes('stream-items') && c.method === 'GET');
const cardTitles = () => within(screen.getByRole('region', { name: 'For you' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('home stream (spec 3 §4, §5, §7, §8)', () => {
  it('signed in: the progress bar, then the cards by the spec 5 rules, asked with locale, types and status active', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    let release = () => {};
    answers.push({
      wait: new Promise<void>((r) => (release = r)),
      status: 200,
      body: {
        streamItems: [
          coupon('FREE', 'AVAILABLE', 31),
          coupon('FREE', 'Available', 32),
          coupon('USED', 'Redeemed', 33),
          starExpiry(5, 10),
          tier([1]),
          tier([1, 2]),
          editorial('Try the new Oatmilk Latte'),
          editorial('Double Stars weekend', 120, { calltoactiontext: '' }),
          editorial('No body', 130, { body: '' }),
        ],
        lastModified: T1,
      },
    });
    renderStream(MEMBER);
    expect(await screen.findByRole('progressbar', { name: 'Loading your stream' })).toBeTruthy();
    release();
    await screen.findByRole('region', { name: 'For you' });
    expect(streamCalls().map((c) => [c.url.pathname, Object.fromEntries(c.url.searchParams)])).toEqual([
      ['/apiproxy/v1/stream-items', { locale: 'en-US', streamItemTypes: 'coupon,rewardPointsExpiration,information,onboarding,content', streamItemStatus: 'active' }],
    ]);
    expect(cardTitles()).toEqual(['5 Stars are expiring soon', 'A Reward is ready for you', 'Your Gold Status', 'Try the new Oatmilk Latte', 'Double Stars weekend']);
    expect(screen.getByRole('link', { name: 'Redeem' }).getAttribute('href')).toBe('/menu/cart?offer=FREE');
    expect(screen.getByRole('link', { name: 'Order' }).getAttribute('href')).toBe('/menu');
    expect(screen.getByText('3 Days left')).toBeTruthy();
    const latte = screen.getByRole('article', { name: 'Try the new Oatmilk Latte' });
    expect(within(latte).getByRole('link', { name: 'Order now' }).getAttribute('href')).toBe('/menu');
    expect(within(screen.getByRole('article', { name: 'Double Stars weekend' })).queryByRole('link')).toBeNull();
    expect(screen.queryByText('Something unexpected happened.')).toBeNull();
  });

  it("the expiring-Stars card: 'Add funds' from 25 total Stars; a 206 still shows the other cards", async () => {
    answers.push({ status: 206, body: { streamItems: [starExpiry(3, 25)], lastModified: T1, partial: true, failedSources: ['coupons'] } });
    renderStream(MEMBER);
    await screen.findByRole('region', { name: 'For you' });
    expect(screen.getByRole('link', { name: 'Add funds' }).getAttribute('href')).toBe('/account/cards#add-money');
    expect(screen.queryByRole('link', { name: 'Order' })).toBeNull();
  });

  it("the stream fails: 'Something unexpected happened.' and 'Please try refreshing the page.'", async () => {
    answers.push({ status: 500, body: { code: 'UNEXPECTED_ERROR', message: 'boom' } });
    renderStream(MEMBER);
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Something unexpected happened.', 'Please try refreshing the page.']);
  });

  it('a fetch under 5 minutes old on /account/for-you: shown without a request', async () => {
    const qc = new QueryClient();
    qc.setQueryData(streamCacheKey(true), { items: [editorial('Cached card')], lastModified: T1, fetchedAt: Date.now() - 299_000 });
    renderStream(MEMBER, qc);
    expect(await screen.findByRole('heading', { name: 'Cached card' })).toBeTruthy();
    expect(streamCalls()).toEqual([]);
  });

  it('an older fetch: the cached cards stay, asked with modifiedSince; a 304 keeps them', async () => {
    const qc = new QueryClient();
    qc.setQueryData(streamCacheKey(true), { items: [editorial('Cached card')], lastModified: T1, fetchedAt: Date.now() - 301_000 });
    answers.push({ status: 304 });
    renderStream(MEMBER, qc);
    expect(await screen.findByRole('heading', { name: 'Cached card' })).toBeTruthy();
    await waitFor(() => expect(streamCalls()).toHaveLength(1));
    expect(streamCalls()[0]!.url.searchParams.get('modifiedSince')).toBe(T1);
    await waitFor(() => expect((qc.getQueryData(streamCacheKey(true)) as { fetchedAt: number }).fetchedAt).toBeGreaterThan(Date.now() - 5000));
    expect(screen.getByRole('heading', { name: 'Cached card' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('signed out with the guest stream off: no request, nothing shown', async () => {
    renderStream({ ...MEMBER, signedIn: false });
    await act(async () => {});
    expect(streamCalls()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'For you' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("signed out with the guest stream on: the guest cards, a CTA only of Type 'Link'", async () => {
    answers.push({
      status: 200,
      body: { streamItems: [guest('g2', 'Join Harbor Rewards', 2, { Type: 'Deeplink', Text: 'Join now' }), guest('g1', 'Order ahead, skip the line', 1)], lastModified: T1 },
    });
    renderStream({ ...MEMBER, signedIn: false, unauthStreamEnabled: true });
    await screen.findByRole('region', { name: 'For you' });
    expect(streamCalls()[0]!.url.pathname).toBe('/apiproxy/v1/unauth/stream-items');
    expect(cardTitles()).toEqual(['Order ahead, skip the line', 'Join Harbor Rewards']);
    expect(screen.getByRole('link', { name: 'Start an order' }).getAttribute('href')).toBe('/menu');
    expect(screen.queryByRole('link', { name: 'Join now' })).toBeNull();
  });

  it('a guest carousel card: its list scrolls sideways and is focusable, named by the card (axe scrollable-region-focusable)', async () => {
    const carousel = guest('g3', 'What your Stars can get you', 3);
    carousel.content.carouselItem = [
      { text: '25 Stars: a flavour shot', image: { url: '/rewards/tier-25.svg' } },
      { text: '100 Stars: brewed coffee', image: { url: '/rewards/tier-100.svg' } },
    ];
    answers.push({ status: 200, body: { streamItems: [carousel], lastModified: T1 } });
    renderStream({ ...MEMBER, signedIn: false, unauthStreamEnabled: true });
    const list = await screen.findByRole('list', { name: 'What your Stars can get you' });
    expect(list.tabIndex).toBe(0);
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['25 Stars: a flavour shot', '100 Stars: brewed coffee']);
  });

  it('signed out with the guest stream on and no items: nothing shown', async () => {
    answers.push({ status: 200, body: { streamItems: [], lastModified: T1 } });
    renderStream({ ...MEMBER, signedIn: false, unauthStreamEnabled: true });
    await waitFor(() => expect(streamCalls()).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'For you' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('onboarding cards (spec 3 §4, §5, §9)', () => {
  it('MOP completed: its done texts, then 5 s later the seen call with MOP and the card collapses; Purchase and SvcReload not shown on desktop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    answers.push({
      status: 200,
      body: { streamItems: [{ ...onboarding([task('MOP', 1, iso(now - 60_000)), task('Purchase', 2), task('SvcReload', 3)]), expires: iso(now + 60 * DAY) }], lastModified: T1 },
    });
    answers.push({ status: 200, body: { seen: [{ task: 'MOP', seenAt: iso(now) }] } });
    renderStream(MEMBER);
    expect(await screen.findByRole('heading', { name: 'Get started with Harbor Rewards' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order ahead: done' })).toBeTruthy();
    expect(screen.getByText('Order ahead done body')).toBeTruthy();
    expect(screen.queryByText('Pay in store: your first')).toBeNull();
    expect(screen.queryByText('Add funds: your first')).toBeNull();
    await act(async () => void vi.advanceTimersByTime(4900));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await act(async () => void vi.advanceTimersByTime(200));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url.pathname, c.body])).toEqual([['/apiproxy/v1/stream-items/onboarding/seen', { tasks: ['MOP'] }]]));
    await waitFor(() => expect(screen.queryByText('Order ahead done body')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Order ahead: done' })).toBeTruthy();
  });

  it("on a phone: the Purchase card, 'Add funds' on a low initial balance, else 'Scan in store' to #pay", async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(max-width: 767px)', addEventListener: () => {}, removeEventListener: () => {} }));
    const now = Date.now();
    const item = (balance: number | null) => ({ ...onboarding([task('MOP', 1), task('Purchase', 2), task('SvcReload', 3)], balance), expires: iso(now + 60 * DAY), startDate: iso(now - DAY) });
    answers.push({ status: 200, body: { streamItems: [item(4.99)], lastModified: T1 } });
    renderStream(MEMBER);
    expect(await screen.findByRole('heading', { name: 'Pay in store: your first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add funds' }).getAttribute('href')).toBe('/account/cards#add-money');
    expect(screen.getByRole('link', { name: 'Start: Order ahead' }).getAttribute('href')).toBe('/menu');
    expect(screen.queryByText('Add funds: your first')).toBeNull();
  });

  it("on a phone with an initial balance of 5: 'Scan in store' to #pay", async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(max-width: 767px)', addEventListener: () => {}, removeEventListener: () => {} }));
    const now = Date.now();
    answers.push({ status: 200, body: { streamItems: [{ ...onboarding([task('MOP', 1), task('Purchase', 2)], 5), expires: iso(now + 60 * DAY), startDate: iso(now - DAY) }], lastModified: T1 } });
    renderStream(MEMBER);
    expect((await screen.findByRole('link', { name: 'Scan in store' })).getAttribute('href')).toBe('#pay');
  });
});
