/** Spec 3 section 5 "Stream filtering", every rule with the spec's values (docs/home.md 2.1). */
import { describe, expect, it } from 'vitest';
import {
  allTasksSeen,
  couponRedeemable,
  ctaEnabled,
  daysLeftLabel,
  expiryButton,
  guestCtaEnabled,
  isLowBalance,
  onboardingTasks,
  taskDisplayed,
  visibleGuestItems,
  visibleStreamItems,
} from '../home-stream-filter.ts';
import { ALL_TYPES, coupon, DAY, editorial, guest, iso, NOW, onboarding, starExpiry, task, tier } from './home-fixtures.ts';

const o = { enabledTypes: ALL_TYPES, now: NOW, isPhone: false };
const ids = (items: Array<{ streamItemId: string }>) => items.map((i) => i.streamItemId);

describe('stream filtering (spec 3 §5)', () => {
  it('an item type must be enabled in settings', () => {
    const items = [editorial('A'), coupon('C1', 'Available')];
    expect(ids(visibleStreamItems(items, o))).toEqual(['coupon:C1:30', 'content:A']);
    expect(ids(visibleStreamItems(items, { ...o, enabledTypes: ['content'] }))).toEqual(['content:A']);
    expect(visibleStreamItems(items, { ...o, enabledTypes: [] })).toEqual([]);
  });

  it("information items with tiers only when the tiers include 2: [1] dropped, [1,2] and [2] shown", () => {
    expect(visibleStreamItems([tier([1])], o)).toEqual([]);
    expect(ids(visibleStreamItems([tier([1, 2])], o))).toEqual(['tier:1-2']);
    expect(ids(visibleStreamItems([tier([2])], o))).toEqual(['tier:2']);
    expect(visibleStreamItems([tier([3])], o)).toEqual([]);
  });

  it("coupons only when Available, ignoring case: 'Available', 'AVAILABLE', 'available' shown; 'Redeemed', 'Expired' not", () => {
    for (const s of ['Available', 'AVAILABLE', 'available']) expect(ids(visibleStreamItems([coupon('C', s)], o)), s).toEqual(['coupon:C:30']);
    for (const s of ['Redeemed', 'Expired', 'Unavailable', '']) expect(visibleStreamItems([coupon('C', s)], o), s).toEqual([]);
    expect(couponRedeemable('aVaIlAbLe')).toBe(true);
    expect(couponRedeemable('Available soon')).toBe(false);
    expect(couponRedeemable(undefined)).toBe(false);
  });

  it('a duplicate coupon code is shown once (the first by rank)', () => {
    const items = [coupon('FREE', 'Available', 32), coupon('FREE', 'Available', 31), coupon('OTHER', 'Available', 33)];
    expect(ids(visibleStreamItems(items, o))).toEqual(['coupon:FREE:31', 'coupon:OTHER:33']);
    // a redeemed duplicate does not hide the available one
    expect(ids(visibleStreamItems([coupon('FREE', 'Redeemed', 30), coupon('FREE', 'Available', 31)], o))).toEqual(['coupon:FREE:31']);
  });

  it('an item whose end date has passed is dropped (to the ms)', () => {
    expect(visibleStreamItems([editorial('Old', 110, {}, iso(NOW))], o)).toEqual([]);
    expect(visibleStreamItems([editorial('Old', 110, {}, iso(NOW - 1))], o)).toEqual([]);
    expect(ids(visibleStreamItems([editorial('New', 110, {}, iso(NOW + 1))], o))).toEqual(['content:New']);
    expect(visibleStreamItems([tier([2], -1)], o)).toEqual([]);
  });

  it('items need a title and body, or onboarding content', () => {
    expect(visibleStreamItems([editorial('No body', 110, { body: '' })], o)).toEqual([]);
    expect(visibleStreamItems([editorial('', 110)], o)).toEqual([]);
    expect(visibleStreamItems([editorial('Blank', 110, { body: '   ' })], o)).toEqual([]);
    expect(visibleStreamItems([tier([2], null, { title: undefined })], o)).toEqual([]);
    expect(ids(visibleStreamItems([onboarding([task('MOP', 1)])], o))).toEqual(['onboarding']);
  });

  it('star expiry dropped when the expiring points are under 1: 0.5 dropped, 1 shown', () => {
    expect(visibleStreamItems([starExpiry(0.5, 30)], o)).toEqual([]);
    expect(visibleStreamItems([starExpiry(0, 30)], o)).toEqual([]);
    expect(ids(visibleStreamItems([starExpiry(1, 30)], o))).toEqual(['stars-expiry:2026-07-01']);
  });

  it('by rank ascending', () => {
    const items = [editorial('E', 110), tier([2]), coupon('C', 'Available', 31), starExpiry(5, 10), onboarding([task('MOP', 1)])];
    expect(ids(visibleStreamItems(items, o))).toEqual(['onboarding', 'stars-expiry:2026-07-01', 'coupon:C:31', 'tier:2', 'content:E']);
  });

  it('the expiring-Stars button: Order under 25 total points, else the reload control (24 → order, 25 → reload)', () => {
    expect(expiryButton(24)).toBe('order');
    expect(expiryButton(24.9)).toBe('order');
    expect(expiryButton(25)).toBe('reload');
    expect(expiryButton(400)).toBe('reload');
  });

  it("days left: floor((expiry - now) / 1 day): 'Today', '1 Day', '# Days'", () => {
    expect(daysLeftLabel(iso(NOW + DAY - 1), NOW)).toBe('Today');
    expect(daysLeftLabel(iso(NOW), NOW)).toBe('Today');
    expect(daysLeftLabel(iso(NOW + DAY), NOW)).toBe('1 Day');
    expect(daysLeftLabel(iso(NOW + 2 * DAY - 1), NOW)).toBe('1 Day');
    expect(daysLeftLabel(iso(NOW + 2 * DAY), NOW)).toBe('2 Days');
    expect(daysLeftLabel(iso(NOW + 30 * DAY + 5), NOW)).toBe('30 Days');
  });

  it('a call to action needs its flag, link text and a link; a guest one also Type Link', () => {
    expect(ctaEnabled({ enablecalltoaction: true, calltoactiontext: 'Order now', calltoactionlink: '/menu' })).toBe(true);
    expect(ctaEnabled({ enablecalltoaction: false, calltoactiontext: 'Order now', calltoactionlink: '/menu' })).toBe(false);
    expect(ctaEnabled({ enablecalltoaction: true, calltoactiontext: '', calltoactionlink: '/menu' })).toBe(false);
    expect(ctaEnabled({ enablecalltoaction: true, calltoactiontext: 'Order now', calltoactionlink: '' })).toBe(false);
    expect(ctaEnabled({ calltoactiontext: 'Order now', calltoactionlink: '/menu' })).toBe(false);
    expect(guestCtaEnabled({ Type: 'Link', Link: '/menu', Text: 'Start an order', enable: true })).toBe(true);
    expect(guestCtaEnabled({ Type: 'Deeplink', Link: '/menu', Text: 'Start an order', enable: true })).toBe(false);
    expect(guestCtaEnabled({ Type: 'Link', Link: '/menu', Text: 'Start an order', enable: false })).toBe(false);
    expect(guestCtaEnabled({ Type: 'Link', Link: '', Text: 'Start an order', enable: true })).toBe(false);
    expect(guestCtaEnabled({ Type: 'Link', Link: '/menu', Text: '', enable: true })).toBe(false);
  });

  it('low balance: an initial registered card balance under 5 (4.99 low, 5 not, no card not)', () => {
    expect(isLowBalance(4.99)).toBe(true);
    expect(isLowBalance(0)).toBe(true);
    expect(isLowBalance(5)).toBe(false);
    expect(isLowBalance(null)).toBe(false);
  });
});

describe('onboarding rules (spec 3 §4, §5)', () => {
  it('SvcReload never; Purchase on a phone only; MOP everywhere', () => {
    expect(taskDisplayed({ name: 'SvcReload', completedOn: null }, true, NOW)).toBe(false);
    expect(taskDisplayed({ name: 'Purchase', completedOn: null }, false, NOW)).toBe(false);
    expect(taskDisplayed({ name: 'Purchase', completedOn: null }, true, NOW)).toBe(true);
    expect(taskDisplayed({ name: 'MOP', completedOn: null }, false, NOW)).toBe(true);
  });

  it('a completed card stays 2 days after completion (2 days shown, 2 days + 1 ms dropped)', () => {
    expect(taskDisplayed({ name: 'MOP', completedOn: iso(NOW - 2 * DAY) }, false, NOW)).toBe(true);
    expect(taskDisplayed({ name: 'MOP', completedOn: iso(NOW - 2 * DAY - 1) }, false, NOW)).toBe(false);
    expect(taskDisplayed({ name: 'MOP', completedOn: iso(NOW - 2 * DAY + 1) }, false, NOW)).toBe(true);
  });

  it('every card hidden when every task (MOP, Purchase) is seen', () => {
    expect(allTasksSeen([{ name: 'MOP', completedOn: iso(NOW), seen: true }, { name: 'Purchase', completedOn: iso(NOW), seen: true }, { name: 'SvcReload', completedOn: null, seen: false }])).toBe(true);
    expect(allTasksSeen([{ name: 'MOP', completedOn: iso(NOW), seen: true }, { name: 'Purchase', completedOn: null, seen: false }])).toBe(false);
    expect(allTasksSeen([{ name: 'MOP', completedOn: iso(NOW), seen: true }])).toBe(false);
    const seenItem = onboarding([task('MOP', 1, iso(NOW - DAY), true), task('Purchase', 2, iso(NOW - DAY), true), task('SvcReload', 3)]);
    expect(visibleStreamItems([seenItem], { ...o, isPhone: true })).toEqual([]);
  });

  it('the onboarding item drops when nothing of it is displayed: desktop with only Purchase and SvcReload open', () => {
    const item = onboarding([task('MOP', 1, iso(NOW - 3 * DAY)), task('Purchase', 2), task('SvcReload', 3)]);
    expect(visibleStreamItems([item], o)).toEqual([]);
    expect(ids(visibleStreamItems([item], { ...o, isPhone: true }))).toEqual(['onboarding']);
  });

  it('tasks in display order', () => {
    expect(onboardingTasks(onboarding([task('Purchase', 2), task('SvcReload', 3), task('MOP', 1)]).onboardingContent).map((x) => x.name)).toEqual(['MOP', 'Purchase', 'SvcReload']);
  });
});

describe('guest stream (spec 3 §5)', () => {
  it('drops ended items and items without title and body, by override rank', () => {
    const items = [guest('b', 'Join Harbor Rewards', 2), guest('a', 'Order ahead, skip the line', 1), guest('old', 'Old', 0, {}, iso(NOW - 1)), { ...guest('nobody', 'No body', 3), content: { title: 'No body' } }];
    expect(visibleGuestItems(items, { now: NOW }).map((i) => i.id)).toEqual(['a', 'b']);
  });
});
