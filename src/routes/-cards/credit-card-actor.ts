import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { creditCardMachine, type CreditCardInput } from '../../../machines/credit-card.machine.ts';
import { creditCardActors } from '../../services/cards.actors.ts';
import { paymentMethodsQuery, thisMonth, useToast } from './card-page-hooks.ts';

/**
 * The credit-card machine of the add and edit pages: toasts its notice, and when it is done refreshes the
 * payment methods and returns to /account/payment-method.
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
        goToList: () => {
          void queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey });
          queueMicrotask(() => void router.navigate({ to: '/account/payment-method' }));
        },
      },
    }),
    { input: { ...input, today: thisMonth() } as CreditCardInput },
  );
}
