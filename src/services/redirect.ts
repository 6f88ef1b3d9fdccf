/**
 * Navigation by a machine's `destination` (docs/machines.md "Navigation: typed paths"): the one place a page turns a
 * machine's next page into a navigation. Its own module, without the account catalogue of
 * src/services/account-flow.tsx, so a page outside the account area (checkout, curbside, cards, gifting, rewards)
 * does not load the account texts for it (first-load budget).
 */
import { useMemo } from 'react';
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
  return useMemo(
    () =>
      ({ context }: { context: { destination: string | null } }) => {
        // same-origin paths only, checked again where the navigation happens (issue 25)
        const href = safeReturnUrl(context.destination);
        if (!href) return;
        const go = () => void router.navigate({ href, replace });
        // after the machine's step: navigating unmounts the page that owns the actor
        if (before) void before().then(go, go);
        else queueMicrotask(go);
      },
    [router, replace, before],
  );
}
