/**
 * Analytics and tracking pixels (spec 2 section 4: login-click and sign-in success events; tracking pixels after
 * account creation). No analytics vendor is configured: events go to `window.dataLayer` (the tag-manager
 * convention), where a vendor's tag can pick them up, and stay inspectable in tests and e2e.
 *
 * Consent (issue 11, docs/consent.md): events are analytics and fire only with analytics consent; tracking pixels
 * are advertising and fire only with advertising consent, never after a recorded privacy opt-out
 * (src/services/cookie-consent.ts).
 */
import { consentFor } from './cookie-consent.ts';

export interface AnalyticsEvent {
  event: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

function push(event: string, data: Record<string, unknown>) {
  if (typeof window === 'undefined') return;
  (window.dataLayer ??= []).push({ event, ...data });
}

export function track(event: string, data: Record<string, unknown> = {}) {
  if (consentFor('analytics')) push(event, data);
}

/** The registration pixels: one event per pixel the marketing tags listen for (advertising). */
export function fireTrackingPixels(name: string) {
  if (consentFor('advertising')) push('tracking-pixel', { name });
}
