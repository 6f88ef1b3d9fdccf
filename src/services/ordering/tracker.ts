/**
 * The order tracker's requests and actors (machines/order-tracker.machine.ts, /menu/order/{orderId};
 * docs/order-status.md 2.2, 2.3, 3.7): the snapshot (`GET /ordering/orders/{orderId}/tracker`, the guest's token
 * in `X-Order-Token`), the live feed child with its real stream actors (order-events.ts), and the Notifications
 * API (read without asking; asked only by the readyNotice machine after the customer's click).
 */
import { fromPromise } from 'xstate';
import { TrackerResponse } from '../../../contracts/order-status.ts';
import type { AppConfig } from '../../../contracts/config.ts';
import { OrderStatusMessages, OrderStatusTexts } from '../../../contracts/order-status-messages.ts';
import { liveFeedMachine, DEFAULT_FEED_CONFIG, type FeedConfig } from '../../../machines/live-feed.machine.ts';
import type { TrackerRequest } from '../../../machines/order-tracker.machine.ts';
import type { NoticeSupport } from '../../../machines/ready-notice.machine.ts';
import type { TrackerOrder } from '../../../machines/order-status-rules.ts';
import { api } from '../api.ts';
import { readLastOrder } from '../ordering.actors.ts';
import { liveFeedActors } from './order-events.ts';

export function loadTrackerOrder(request: TrackerRequest, signal?: AbortSignal): Promise<TrackerOrder> {
  return api.get(`/ordering/orders/${encodeURIComponent(request.orderId)}/tracker`, {
    schema: TrackerResponse,
    headers: request.orderToken ? { 'x-order-token': request.orderToken } : {},
    ...(signal ? { signal } : {}),
  });
}

/** the feed's timings from the client config (section 0; tests shorten them) */
export function feedConfigOf(config: AppConfig | undefined): FeedConfig {
  const o = config?.orderStatus;
  if (!o) return DEFAULT_FEED_CONFIG;
  return { reconnectBaseMs: o.reconnectBaseMs, reconnectMaxMs: o.reconnectMaxMs, maxFailures: o.maxFailures, pollMs: o.pollMs, silenceMs: 2 * o.heartbeatMs + 5_000 };
}

/**
 * The guest's token for this order: the URL fragment `#token=ot_…` (never sent to the server by the browser), else
 * the last order placed in this browser when its id matches; null for a member (the session authorises).
 */
export function orderTokenFor(orderId: string, hash: string): string | null {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  if (fromHash && /^ot_[A-Za-z0-9_-]{20,60}$/.test(fromHash)) return fromHash;
  const last = readLastOrder();
  return last && last.orderId === orderId && last.orderToken ? last.orderToken : null;
}

/** Notification.permission, read without asking (never a prompt on page load) */
export function noticeSupport(): NoticeSupport {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  const p = window.Notification.permission;
  return p === 'granted' || p === 'denied' ? p : 'default';
}

export function showReadyNotification(orderId: string, storeName: string) {
  if (noticeSupport() !== 'granted') return;
  try {
    // the tag: a second tab of the same order replaces, not repeats, the notification
    new window.Notification(OrderStatusMessages.noticeTitle, { body: OrderStatusTexts.noticeBody(storeName), tag: orderId });
  } catch {
    // some browsers allow notifications only from a service worker: the page itself shows the status
  }
}

export function trackerActors() {
  return {
    loadTracker: fromPromise<TrackerOrder, TrackerRequest>(({ input, signal }) => loadTrackerOrder(input, signal)),
    liveFeed: liveFeedMachine.provide({ actors: liveFeedActors() }),
  };
}

export function readyNoticeActors() {
  return {
    requestPermission: fromPromise<NotificationPermission, void>(async () => (noticeSupport() === 'unsupported' ? 'denied' : await window.Notification.requestPermission())),
  };
}
