import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { addCardMachine } from '../../machines/add-card.machine.ts';
import { useRedirect } from '../services/redirect.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { addCardActors } from '../services/cards.actors.ts';
import { AddCardView } from '../views/cards/AddCardView.tsx';
import { useToast } from './-cards/card-page-hooks.ts';

/** /account/cards/add (sign-in required): register a physical card or get a digital one. */
export const Route = createFileRoute('/account/cards_/add')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: AddCardPage,
});

function AddCardPage() {
  const redirect = useRedirect();
  const toast = useToast();
  const actor = useActorRef(
    addCardMachine.provide({
      actors: addCardActors(),
      actions: {
        notify: ({ context }) => context.notice && toast(context.notice.tone, context.notice.message),
        redirect,
      },
    }),
  );
  return <AddCardView actor={actor} />;
}
