import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { creditCardMachine, type CreditCardInput } from '../../../machines/credit-card.machine.ts';
import { creditCardActors } from '../../services/cards.actors.ts';
import { paymentMethodsQuery, thisMonth, useToast } from './card-page-hooks.ts';

/**
 * The credit-card machine of the add and edit pages: toasts its notice, and when it is done refreshes the
 * payment methods (also the inactive query the gift form's loader reads, before leaving) and goes to the
 * machine's destination: /account/payment-method, or the add page's same-origin ?returnUrl= (the gift's #payment).
 */
export function useCreditCardActor(input: Omit<CreditCardInput, 'today'>) {
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useActorRef(
    creditCardMachine.provide({
      actors: creditCardActors(),
      actions: {
        notify: ({ context }) => context.notice && toast('success', context.notice),
        redirect: ({ context }) => {
          const href = context.destination;
          void queryClient
            .invalidateQueries({ queryKey: paymentMethodsQuery.queryKey, refetchType: 'all' })
            .catch(() => undefined)
            .then(() => router.navigate({ href }));
        },
      },
    }),
    { input: { ...input, today: thisMonth() } as CreditCardInput },
  );
}
