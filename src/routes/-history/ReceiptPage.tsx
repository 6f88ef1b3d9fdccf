import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { receiptMachine } from '../../../machines/receipt.machine.ts';
import { notFoundReceiptActors, receiptActors } from '../../services/history/history.ts';
import { ReceiptView } from '../../views/history/ReceiptView.tsx';
import { ReorderButtonView } from '../../views/history/ReorderButtonView.tsx';
import { useReorder } from './use-reorder.ts';

/** The receipt page: the receipt machine, and once the receipt is there, its Reorder (the reorder machine). */
export function ReceiptPage({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient();
  const actor = useActorRef(
    receiptMachine.provide({
      actors: orderId ? receiptActors(queryClient) : notFoundReceiptActors,
    }),
    { input: { orderId: orderId || 'ord_invalid0000' } },
  );
  const store = useSelector(actor, (s) => s.context.receipt?.store.storeNumber ?? null);
  return <ReceiptView actor={actor} reorder={store ? <Reorder orderId={orderId} store={store} /> : null} />;
}

function Reorder({ orderId, store }: { orderId: string; store: string }) {
  const reorder = useReorder(orderId, store);
  return <ReorderButtonView actor={reorder} />;
}

