/**
 * The action implementations every account machine is provided with by its route: `notify` to the root
 * notifications actor (texts from the catalogue by key) and `redirect` to the machine's destination.
 */
import { useMemo } from 'react';
import type { NotifyParams } from '../../machines/account-flow.ts';
import { useAppActors, type AppActors } from './app-actors.tsx';
import { accountMessage } from './error-catalogue.ts';
import { useRedirect, type RedirectAction } from './redirect.ts';

export { useRedirect };

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
  redirect: RedirectAction;
}

export function useAccountFlowActions(): AccountFlowActions {
  const redirect = useRedirect();
  const actors = useAppActors();
  return useMemo(() => ({ notify: (_: unknown, params: NotifyParams) => accountNotify(actors, params), redirect }), [redirect, actors]);
}
