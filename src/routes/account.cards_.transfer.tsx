import * as v from 'valibot';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import type { Card } from '../../contracts/cards.ts';
import { OpaqueId } from '../../contracts/opaque-id.ts';
import { transferMachine } from '../../machines/transfer.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { cardListQuery, transferActors } from '../services/cards/transfer.ts';
import { TransferView } from '../views/cards/TransferView.tsx';
import { useToast } from './-cards/card-page-hooks.ts';

/** /account/cards/transfer?from=<cardId> (sign-in required): move a balance between two of the member's cards. */
const Search = v.object({ from: v.optional(OpaqueId) });
export const Route = createFileRoute('/account/cards_/transfer')({
  validateSearch: (s: Record<string, unknown>) => {
    const r = v.safeParse(Search, s);
    return r.success ? r.output : {};
  },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: ({ context }) => context.queryClient.fetchQuery(cardListQuery),
  component: TransferPage,
});

const randomKey = () => `web-transfer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

function TransferPage() {
  const { from } = Route.useSearch();
  const { data } = useSuspenseQuery(cardListQuery);
  return <Transfer key={from ?? ''} cards={data.cards} from={from ?? null} />;
}

function Transfer({ cards, from }: { cards: Card[]; from: string | null }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const keyBase = useMemo(randomKey, []);
  const actor = useActorRef(
    transferMachine.provide({
      actors: transferActors(),
      actions: {
        notify: ({ context }) => {
          if (context.notice) toast(context.result?.duplicateCode ? 'info' : 'success', context.notice);
          void queryClient.invalidateQueries({ queryKey: ['account', 'cards'] });
        },
      },
    }),
    { input: { cards, sourceCardId: from, keyBase } },
  );
  return <TransferView actor={actor} />;
}
