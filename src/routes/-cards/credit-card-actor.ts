import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { creditCardMachine, type CreditCardInput } from '../../../machines/credit-card.machine.ts';
import { creditCardActors } from '../../services/cards.actors.ts';
import { useRedirect } from '../../services/redirect.ts';
import { paymentMethodsQuery, thisMonth, useToast } from './card-page-hooks.ts';

/**
 * The credit-card machine of the add and edit pages: toasts its notice, and when it is done refreshes the
 * payment methods (also the inactive query the gift form's loader reads, before leaving) and goes to the
 * machine's destination: /account/payment-method, or the add page's same-origin ?returnUrl= (the gift's #payment).
 */
export function useCreditCardActor(input: Omit<CreditCardInput, 'today'>) {
  const toast = useToast();
  const queryClient = useQueryClient();
  // a push, as before; the methods are refreshed (also the inactive query the gift form's loader reads) before leaving
  const redirect = useRedirect({ replace: false, before: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey, refetchType: 'all' }) });
  return useActorRef(
    creditCardMachine.provide({
      actors: creditCardActors(),
      actions: {
        notify: ({ context }) => context.notice && toast('success', context.notice),
        redirect,
      },
    }),
    { input: { ...input, today: thisMonth() } as CreditCardInput },
  );
}
