import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { GiftMessages } from '../../contracts/gift-messages.ts';
import { giftClaimMachine } from '../../machines/gift-claim.machine.ts';
import { useRedirect } from '../services/redirect.ts';
import { sessionQuery } from '../services/session.ts';
import { forgetClaimToken, giftClaimActors, keepClaimToken, readClaimToken } from '../services/gifting/claim.ts';
import { useToast } from './-cards/card-page-hooks.ts';
import { GiftClaimView } from '../views/gifting/GiftClaimView.tsx';

/**
 * /gift/claim#<token>: the target of the eGift email's link (docs/gifting.md 1, 2.5). The token is in the URL
 * fragment, which browsers never send to the server (no request line, access log, slow-request log or Referer
 * holds it); it is sent only in the body of the two POSTs of src/services/gifting/claim.ts. No params or search.
 */
export const Route = createFileRoute('/gift/claim')({
  loader: ({ context }) => context.queryClient.ensureQueryData(sessionQuery),
  component: GiftClaimPage,
});

function GiftClaimPage() {
  const redirect = useRedirect();
  const toast = useToast();
  const hash = useLocation({ select: (l) => l.hash });
  const { data: session } = useSuspenseQuery(sessionQuery);
  // read once: the fragment, else the token kept in this tab while signing in
  const [token] = useState(() => readClaimToken(hash));
  const actor = useActorRef(
    giftClaimMachine.provide({
      actors: giftClaimActors(),
      actions: {
        notify: (_, params) => toast(params.tone, GiftMessages[params.message]),
        redirect,
        keepToken: ({ context }) => keepClaimToken(context.token),
        forgetToken: () => forgetClaimToken(),
      },
    }),
    { input: { token, signedIn: session.signedIn } },
  );
  return <GiftClaimView actor={actor} />;
}
