/**
 * Analytics and tracking pixels (spec 2 section 4: login-click and sign-in success events; tracking pixels after
 * account creation). No analytics vendor is configured: events go to `window.dataLayer` (the tag-manager
 * convention), where a vendor's tag can pick them up, and stay inspectable in tests and e2e.
 */
export interface AnalyticsEvent {
  event: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

export function track(event: string, data: Record<string, unknown> = {}) {
  if (typeof window === 'undefined') return;
  (window.dataLayer ??= []).push({ event, ...data });
}

/** The registration pixels: one event per pixel the marketing tags listen for. */
export function fireTrackingPixels(name: string) {
  track('tracking-pixel', { name });
}
