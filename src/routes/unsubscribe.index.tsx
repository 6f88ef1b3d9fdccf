import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { unsubscribeMachine } from '../../machines/unsubscribe.machine.ts';
import { unsubscribeActors } from '../services/privacy/unsubscribe.ts';
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
      actors: unsubscribeActors(),
      actions: { redirect: flow.redirect },
    }),
    { input: { token: token ?? null } },
  );
  return <UnsubscribingView />;
}
