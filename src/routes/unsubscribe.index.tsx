import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import type { UnsubscribeResponse } from '../../contracts/unsubscribe.ts';
import { unsubscribeMachine } from '../../machines/unsubscribe.machine.ts';
import { unsubscribe } from '../services/unsubscribe.api.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { UnsubscribingView } from '../views/consent/PrivacyOutcomeViews.tsx';

const UnsubscribeSearch = v.object({ token: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(400))), undefined) });

/** /unsubscribe?token=… : the link of a marketing email (issue 11); the outcome shows on /unsubscribe/complete. */
export const Route = createFileRoute('/unsubscribe/')({
  validateSearch: UnsubscribeSearch,
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { token } = Route.useSearch();
  const flow = useAccountFlowActions();
  useActorRef(
    unsubscribeMachine.provide({
      actors: { unsubscribe: fromPromise<UnsubscribeResponse, { token: string }>(({ input }) => unsubscribe(input)) },
      actions: { redirect: flow.redirect },
    }),
    { input: { token: token ?? null } },
  );
  return <UnsubscribingView />;
}
