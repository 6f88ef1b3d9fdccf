/**
 * Home stream fixtures in the shapes of contracts/home.ts (docs/home.md 3.1), shared by the filter's table tests,
 * the homeStream and onboarding machine tests and the stream view tests.
 */
import type { ContentStreamItem, CouponStreamItem, GuestStreamItem, InformationStreamItem, OnboardingStreamItem, OnboardingTaskItem, StarExpiryStreamItem } from '../../contracts/home.ts';

/** the tests' clock: 2026-06-15 12:00 UTC */
export const NOW = Date.parse('2026-06-15T12:00:00.000Z');
export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString();
export const ALL_TYPES = ['coupon', 'rewardPointsExpiration', 'information', 'onboarding', 'content'];

const base = (id: string, rank: number) => ({ streamItemId: id, startDate: iso(NOW - 30 * DAY), endDate: null as string | null, rank });

export function coupon(code: string, status: string, rank = 30, over: Partial<CouponStreamItem> = {}): CouponStreamItem {
  return {
    ...base(`coupon:${code}:${rank}`, rank),
    streamItemType: 'coupon',
    fill: { type: 'rewardsCoupon' },
    rewardsCoupon: {
      coupon: { couponCode: code, status, startDate: iso(NOW - DAY), startDateOnly: '2026-06-14', expirationDate: iso(NOW + 10 * DAY), expirationDateOnly: '2026-06-25' },
    },
    ...over,
  };
}

export function starExpiry(rewardPoints: number, rewardPointsTotal: number, expiresInDays = 16): StarExpiryStreamItem {
  return {
    ...base('stars-expiry:2026-07-01', 20),
    streamItemType: 'rewardPointsExpiration',
    fill: { type: 'rewardPointsExpiration' },
    rewardPointsExpiration: {
      rewardPointsTotal,
      nextRewardPointsExpirationEvent: { rewardPointsExpirationEvent: { rewardPoints, expirationDate: iso(NOW + expiresInDays * DAY) } },
    },
  };
}

export function tier(tiers: number[], endInMs: number | null = 3 * DAY + 1000, over: Partial<InformationStreamItem['content']['item']> = {}): InformationStreamItem {
  return {
    ...base(`tier:${tiers.join('-')}`, 40),
    endDate: endInMs === null ? null : iso(NOW + endInMs),
    streamItemType: 'information',
    fill: { type: 'information' },
    information: { segmentation: { tiers: tiers.map((tierId) => ({ tierId })) } },
    content: { item: { title: 'Your Gold Status', body: 'Keep earning to keep Gold.', ...over } },
  };
}

export function editorial(title: string, rank = 110, item: Partial<ContentStreamItem['content']['item']> = {}, endDate: string | null = null): ContentStreamItem {
  return {
    ...base(`content:${title}`, rank),
    endDate,
    streamItemType: 'content',
    fill: { type: 'content' },
    content: { item: { title, body: `${title}: the details.`, enablecalltoaction: true, calltoactiontext: 'Order now', calltoactionlink: '/menu', ...item } },
  };
}

export function task(name: 'MOP' | 'Purchase' | 'SvcReload', displayOrder: number, completedOn: string | null = null, seen = false): OnboardingTaskItem {
  const label = { MOP: 'Order ahead', Purchase: 'Pay in store', SvcReload: 'Add funds' }[name];
  return {
    task: { name, completedOn, displayOrder },
    title: `${label}: your first`,
    body: `${label} body`,
    icon: `/images/onboarding/${name.toLowerCase()}.svg`,
    calltoactiontext: `Start: ${label}`,
    calltoactionlink: name === 'MOP' ? '/menu' : '/account/cards',
    titleDone: `${label}: done`,
    bodyDone: `${label} done body`,
    iconDone: `/images/onboarding/${name.toLowerCase()}-done.svg`,
    calltoactiontextDone: `Again: ${label}`,
    calltoactionlinkDone: '/menu',
    seen,
  };
}

export function onboarding(items: OnboardingTaskItem[], initialRegisteredCardBalance: number | null = 10): OnboardingStreamItem {
  return {
    ...base('onboarding', 10),
    streamItemType: 'onboarding',
    fill: { type: 'onboarding' },
    onboardingStatus: 'active',
    expires: iso(NOW + 60 * DAY),
    onboardingContent: { items, initialRegisteredCardBalance, cardheader: 'Get started with Harbor Rewards' },
  };
}

export function guest(id: string, title: string, rank: number, cta: Partial<GuestStreamItem['content']['callToAction'] & object> = {}, endDate: string | null = null): GuestStreamItem {
  return {
    id,
    typeName: 'content',
    content: { title, body: `${title}: the details.`, callToAction: { Type: 'Link', Link: '/menu', Text: 'Start an order', enable: true, ...cta } },
    metadata: { endDate, overrideRank: rank },
  };
}
