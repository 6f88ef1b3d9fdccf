/**
 * Navigation by a machine's `destination` (docs/architecture.md, "Navigation"): its own module, without the account
 * catalogue of src/services/account-flow.tsx, so a page outside the account area (checkout, curbside, cards) does
 * not load the account texts for it (first-load budget).
 */
import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import { safeReturnUrl } from '../../contracts/return-url.ts';

export type RedirectAction = (args: { context: { destination: string | null } }) => void;

/**
 * The `redirect` action every machine that navigates is provided with (account, cards, curbside...): go to the
 * machine's `destination` (a PATHS / pathTo path, or a checked return URL), replacing the page that started it
 * (`{ replace: false }` keeps it in the history: the card pages, where Back returns to the form).
 */
export function useRedirect({ replace = true }: { replace?: boolean } = {}): RedirectAction {
  const router = useRouter();
  return useMemo(
    () =>
      ({ context }: { context: { destination: string | null } }) => {
        // same-origin paths only, checked again where the navigation happens (issue 25)
        const href = safeReturnUrl(context.destination);
        // after the machine's step: navigating unmounts the page that owns the actor
        if (href) queueMicrotask(() => void router.navigate({ href, replace }));
      },
    [router, replace],
  );
}

