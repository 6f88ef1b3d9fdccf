/**
 * Navigation by a machine's `destination` (docs/machines.md "Navigation: typed paths"): the one place a page turns a
 * machine's next page into a navigation. Its own module, without the account catalogue of
 * src/services/account-flow.tsx, so a page outside the account area (checkout, curbside, cards, gifting, rewards)
 * does not load the account texts for it (first-load budget).
 */
import { useMemo, useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { safeReturnUrl } from '../../contracts/return-url.ts';

export type RedirectAction = (args: { context: { destination: string | null } }) => void;

export interface RedirectOptions {
  /** replace the page that started the flow (default); `false` keeps it in the history (Back returns to the form) */
  replace?: boolean;
  /**
   * work to finish before leaving (the next page reads what it refreshes: the credit-card pages refresh the payment
   * methods); the navigation follows whether it resolves or fails
   */
  before?: () => Promise<unknown>;
}

/**
 * The `redirect` action every machine that navigates is provided with (account, cards, curbside, checkout,
 * gifting, rewards, favorites, reorder, the locator's confirmation...): go to the machine's `destination` (a
 * PATHS / pathTo path, or a checked return URL). Same-origin paths only: anything else is dropped here, whatever
 * the machine assigned.
 */
export function useRedirect({ replace = true, before }: RedirectOptions = {}): RedirectAction {
  const router = useRouter();
  // the latest `before` (a closure over the page's query client), without a new action per render
  const beforeRef = useRef(before);
  beforeRef.current = before;
  return useMemo(
    () =>
      ({ context }: { context: { destination: string | null } }) => {
        // same-origin paths only, checked again where the navigation happens (issue 25)
        const href = safeReturnUrl(context.destination);
        if (!href) return;
        const go = () => void router.navigate({ href, replace });
        const work = beforeRef.current;
        // after the machine's step: navigating unmounts the page that owns the actor
        if (work) void work().then(go, go);
        else queueMicrotask(go);
      },
    [router, replace],
  );
}

/** what a full-page navigation out of the app never follows: a URL that would run in this page */
const SCRIPT_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'blob:']);

/**
 * The URL a full-page navigation out of the app may go to, or null: an absolute URL (the machine has already
 * checked it against its own rule: the OAuth client's registered redirect URI, the hotel partner's origins) that
 * is not a script URL, or a same-origin path.
 */
export function windowDestination(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = safeReturnUrl(url);
  if (path) return path;
  try {
    const u = new URL(url);
    return SCRIPT_SCHEMES.has(u.protocol) ? null : u.href;
  } catch {
    return null;
  }
}

/**
 * A full-page navigation out of the app (the OAuth consent's answer to the third-party application, the hotel
 * partner's page): to the URL `pick` reads from the machine's context, through `windowDestination`, after the
 * machine's step.
 */
export function windowRedirect<C>(pick: (context: C) => string | null, assign: (href: string) => void = (href) => window.location.assign(href)) {
  return ({ context }: { context: C }) => {
    const href = windowDestination(pick(context));
    if (href) queueMicrotask(() => assign(href));
  };
}
