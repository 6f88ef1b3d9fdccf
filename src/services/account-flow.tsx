/**
 * The action implementations every account machine is provided with by its route: `notify` to the root
 * notifications actor (texts from the catalogue by key) and `redirect` to the machine's destination.
 */
import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { NotifyParams } from '../../machines/account-flow.ts';
import { safeReturnUrl } from '../../contracts/return-url.ts';
import { useAppActors, type AppActors } from './app-actors.tsx';
import { accountMessage } from './error-catalogue.ts';

export function accountNotify(actors: Pick<AppActors, 'notifications'>, p: NotifyParams) {
  actors.notifications.send({
    type: 'notify.show',
    kind: p.kind,
    tone: p.tone,
    message: accountMessage(p.message),
    ...(p.title ? { title: accountMessage(p.title) } : {}),
  });
}

export interface AccountFlowActions {
  notify: (_: unknown, params: NotifyParams) => void;
  redirect: (args: { context: { destination: string | null } }) => void;
}

/**
 * The `redirect` action every machine that navigates is provided with (account, cards, curbside...): go to the
 * machine's `destination` (a PATHS / pathTo path, or a checked return URL), replacing the page that started it
 * (`{ replace: false }` keeps it in the history: the card pages, where Back returns to the form).
 */
export function useRedirect({ replace = true }: { replace?: boolean } = {}): AccountFlowActions['redirect'] {
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

export function useAccountFlowActions(): AccountFlowActions {
  const redirect = useRedirect();
  const actors = useAppActors();
  return useMemo(() => ({ notify: (_: unknown, params: NotifyParams) => accountNotify(actors, params), redirect }), [redirect, actors]);
}
