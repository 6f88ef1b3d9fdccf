import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { GIFT_HISTORY_PAGE_SIZE, giftHistoryMachine } from '../../machines/gift-history.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { giftHistoryActors, giftHistoryQuery } from '../services/gifting/history.ts';
import { GiftHistoryView } from '../views/gifting/GiftHistoryView.tsx';

/**
 * /account/history/egift (spec 3 section 2; sign-in required, section 6): the member's sent eGifts, 10 a page
 * (docs/gifting.md 1, 2.6). The loader prefetches the first page; the machine reads it from the same cache.
 */
export const Route = createFileRoute('/account/history/egift')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  // a failed prefetch is not an error page: the machine loads again and shows its own failure with Try again
  loader: ({ context }) => context.queryClient.ensureQueryData(giftHistoryQuery({ page: 1, pageSize: GIFT_HISTORY_PAGE_SIZE })).catch(() => undefined),
  component: GiftHistoryPage,
});

function GiftHistoryPage() {
  const queryClient = useQueryClient();
  const actor = useActorRef(giftHistoryMachine.provide({ actors: giftHistoryActors(queryClient) }), { input: { page: 1 } });
  return <GiftHistoryView actor={actor} />;
}
