/**
 * The home stream's display rules (spec 3 section 5 "Stream filtering", section 4 "Home stream", section 9;
 * docs/home.md 2.1): pure functions of the stream's items, the settings, the clock and the viewport. The view applies
 * `visibleStreamItems` / `visibleGuestItems` on every render, so the clock drops an item (an end date passed, a
 * completed onboarding task's 2 days over) without a fetch; the machines read the same functions.
 *
 * The item shapes are the fields these rules read (docs/home.md 3.1; the server's contract may carry more).
 */

import type { GuestCallToAction, GuestStreamItem, OnboardingStreamItem, StreamContentItem, StreamItem } from '../contracts/home.ts';
import { EXPIRING_STARS_CARD_THRESHOLD, LOW_BALANCE_THRESHOLD, ONBOARDING_COMPLETED_SHOWN_MS } from '../contracts/home-constants.ts';

/** the onboarding tasks whose "seen" hides the block (SvcReload is never shown, so never seen) */
export const SEEABLE_TASKS = ['MOP', 'Purchase'] as const;

const DAY_MS = 86_400_000;

export type MemberStreamItem = StreamItem;
export type { GuestStreamItem };
export type AnyStreamItem = MemberStreamItem | GuestStreamItem;
type OnboardingContent = OnboardingStreamItem['onboardingContent'];

export interface FilterOptions {
  /** the stream item types enabled in settings (`config.home.streamItemTypes`) */
  enabledTypes: readonly string[];
  /** ms since the epoch */
  now: number;
  /** a phone-sized window (`src/services/viewport.ts`) */
  isPhone: boolean;
}

export function isGuestItem(item: AnyStreamItem): item is GuestStreamItem {
  return 'typeName' in item && !('streamItemType' in item);
}

const passed = (date: string | null | undefined, now: number) => {
  if (!date) return false;
  const t = Date.parse(date);
  return Number.isFinite(t) && t <= now;
};
const filled = (s: string | null | undefined) => typeof s === 'string' && s.trim() !== '';

/** spec 5: a coupon's redeem action only when its status is Available, ignoring case */
export function couponRedeemable(status: string | null | undefined): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() === 'available';
}

/** spec 5: a call to action is enabled only when its flag is on, with link text and a link */
export function ctaEnabled(item: StreamContentItem | null | undefined): boolean {
  return item?.enablecalltoaction === true && filled(item.calltoactiontext) && filled(item.calltoactionlink);
}

/** spec 5: a guest item's call to action must also be of type Link */
export function guestCtaEnabled(cta: GuestCallToAction | null | undefined): boolean {
  return cta?.enable === true && filled(cta.Text) && filled(cta.Link) && cta.Type === 'Link';
}

/** spec 5: the expiring-Stars card's button: 'order' when total points are under 25, else the reload control */
export function expiryButton(rewardPointsTotal: number): 'order' | 'reload' {
  return rewardPointsTotal < EXPIRING_STARS_CARD_THRESHOLD ? 'order' : 'reload';
}

/** spec 5: days left = floor((expiry - now) / 1 day), shown 'Today', '1 Day', '# Days' */
export function daysLeft(expiry: string, now: number): number {
  return Math.floor((Date.parse(expiry) - now) / DAY_MS);
}
export function daysLeftLabel(expiry: string, now: number): string {
  const n = daysLeft(expiry, now);
  if (n <= 0) return 'Today';
  return n === 1 ? '1 Day' : `${n} Days`;
}

/** spec 5: low balance = an initial registered card balance under 5 */
export function isLowBalance(initialRegisteredCardBalance: number | null | undefined): boolean {
  return typeof initialRegisteredCardBalance === 'number' && initialRegisteredCardBalance < LOW_BALANCE_THRESHOLD;
}

/** The onboarding task as the onboarding machine holds it. */
export interface OnboardingTask {
  name: string;
  completedOn: string | null;
  seen: boolean;
}

/** spec 5 and 4: the onboarding tasks shown: never SvcReload; Purchase on a phone only; a completed task 2 days */
export function taskDisplayed(task: { name: string; completedOn?: string | null }, isPhone: boolean, now: number): boolean {
  if (task.name === 'SvcReload') return false;
  if (task.name === 'Purchase' && !isPhone) return false;
  if (task.completedOn) {
    const done = Date.parse(task.completedOn);
    if (Number.isFinite(done) && done + ONBOARDING_COMPLETED_SHOWN_MS < now) return false;
  }
  return true;
}

/** spec 4: every onboarding card is hidden when every task (MOP and Purchase; SvcReload is never shown) is seen */
export function allTasksSeen(tasks: readonly OnboardingTask[]): boolean {
  return SEEABLE_TASKS.every((name) => tasks.some((t) => t.name === name && t.seen));
}

/** the onboarding item's tasks, in display order, as the machine holds them */
export function onboardingTasks(content: OnboardingContent | null | undefined): OnboardingTask[] {
  return [...(content?.items ?? [])]
    .sort((a, b) => a.task.displayOrder - b.task.displayOrder)
    .map((i) => ({ name: i.task.name, completedOn: i.task.completedOn ?? null, seen: i.seen === true }));
}

/** one item's own rules (1-7 of docs/home.md 2.1), before duplicates and order */
function memberItemShown(item: MemberStreamItem, o: FilterOptions): boolean {
  if (!o.enabledTypes.includes(item.streamItemType)) return false;
  if (passed(item.endDate, o.now)) return false;
  switch (item.streamItemType) {
    case 'coupon':
      return couponRedeemable(item.rewardsCoupon.coupon.status) && filled(item.rewardsCoupon.coupon.couponCode);
    case 'rewardPointsExpiration':
      return item.rewardPointsExpiration.nextRewardPointsExpirationEvent.rewardPointsExpirationEvent.rewardPoints >= 1;
    case 'onboarding': {
      if (passed(item.expires, o.now)) return false;
      const tasks = onboardingTasks(item.onboardingContent);
      if (tasks.length === 0 || allTasksSeen(tasks)) return false;
      return tasks.some((t) => taskDisplayed(t, o.isPhone, o.now));
    }
    case 'information':
      // an item segmented by tiers only when they include 2 (an empty list is no segmentation)
      if (item.information.segmentation.tiers.length > 0 && !item.information.segmentation.tiers.some((t) => t.tierId === 2)) return false;
      return filled(item.content.item.title) && filled(item.content.item.body);
    case 'content':
      return filled(item.content.item.title) && filled(item.content.item.body);
  }
}

/** spec 5: the signed-in stream's items to show, by rank */
export function visibleStreamItems(items: readonly MemberStreamItem[], o: FilterOptions): MemberStreamItem[] {
  const codes = new Set<string>();
  return [...items]
    .filter((i) => memberItemShown(i, o))
    .sort((a, b) => a.rank - b.rank)
    .filter((i) => {
      if (i.streamItemType !== 'coupon') return true;
      const code = i.rewardsCoupon.coupon.couponCode;
      if (codes.has(code)) return false;
      codes.add(code);
      return true;
    });
}

/** spec 5 for the guest stream: end date, a title and body (or a carousel), by override rank */
export function visibleGuestItems(items: readonly GuestStreamItem[], o: Pick<FilterOptions, 'now'>): GuestStreamItem[] {
  return items
    .filter((i) => !passed(i.metadata.endDate, o.now))
    .filter((i) => (filled(i.content.title) && filled(i.content.body)) || (i.content.carouselItem?.length ?? 0) > 0)
    .sort((a, b) => (a.metadata.overrideRank ?? Number.MAX_SAFE_INTEGER) - (b.metadata.overrideRank ?? Number.MAX_SAFE_INTEGER));
}

/** either stream's visible items */
export function visibleItems(items: readonly AnyStreamItem[], o: FilterOptions): AnyStreamItem[] {
  const guests = items.filter(isGuestItem);
  const members = items.filter((i): i is MemberStreamItem => !isGuestItem(i));
  return [...visibleStreamItems(members, o), ...visibleGuestItems(guests, o)];
}
