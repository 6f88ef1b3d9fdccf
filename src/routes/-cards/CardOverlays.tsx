import { useMemo } from 'react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import type { Card, PaymentMethodListResponse } from '../../../contracts/cards.ts';
import { barcodePayMachine } from '../../../machines/barcode-pay.machine.ts';
import { addMoneyMachine } from '../../../machines/add-money.machine.ts';
import { autoReloadMachine } from '../../../machines/auto-reload.machine.ts';
import { useRedirect } from '../../services/redirect.ts';
import { addMoneyActors, autoReloadActors, barcodeActors } from '../../services/cards.actors.ts';
import { configQuery } from '../../services/config.ts';
import { AddMoneyModal, AutoReloadModal, BarcodeOverlay } from '../../views/cards/CardOverlayViews.tsx';
import { paymentMethodsQuery, useToast } from './card-page-hooks.ts';

/**
 * The hash overlays of the card pages (#pay, #add-money, #auto-reload), each with its own machine. The list and
 * details pages load this module when an overlay opens, or when the browser is idle (lazy-overlays.tsx).
 */

const randomKey = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The overlay for the hash, or nothing. */
export function CardOverlays({ card, hash, onClose }: { card: Card; hash: string; onClose: () => void }) {
  if (hash === 'pay') return <PayOverlay key={card.cardId} card={card} onClose={onClose} />;
  if (hash === 'add-money' || hash === 'auto-reload') return <MoneyOverlay key={card.cardId + hash} card={card} hash={hash} onClose={onClose} />;
  return null;
}

function PayOverlay({ card, onClose }: { card: Card; onClose: () => void }) {
  const redirect = useRedirect({ replace: false });
  const actor = useActorRef(
    barcodePayMachine.provide({
      actors: barcodeActors(),
      actions: { close: () => queueMicrotask(onClose), redirect },
    }),
    { input: { signedIn: true, cardId: card.cardId, lastFour: card.lastFour } },
  );
  return <BarcodeOverlay actor={actor} />;
}

function MoneyOverlay({ card, hash, onClose }: { card: Card; hash: 'add-money' | 'auto-reload'; onClose: () => void }) {
  const methods = useQuery(paymentMethodsQuery);
  if (!methods.data) return <p role="status">Loading payment methods…</p>;
  return hash === 'add-money' ? <AddMoney card={card} methods={methods.data.paymentMethods} onClose={onClose} /> : <AutoReload card={card} methods={methods.data.paymentMethods} onClose={onClose} />;
}

type Methods = PaymentMethodListResponse['paymentMethods'];

function AddMoney({ card, methods, onClose }: { card: Card; methods: Methods; onClose: () => void }) {
  const { data: config } = useSuspenseQuery(configQuery);
  const redirect = useRedirect({ replace: false });
  const queryClient = useQueryClient();
  const toast = useToast();
  const keyBase = useMemo(randomKey, []);
  const actor = useActorRef(
    addMoneyMachine.provide({
      actors: addMoneyActors(),
      actions: {
        close: () => queueMicrotask(onClose),
        redirect,
        notify: ({ context }) => {
          if (context.notice) toast(context.notice.startsWith('We already') ? 'info' : 'success', context.notice);
          void queryClient.invalidateQueries({ queryKey: ['account', 'cards'] });
        },
      },
    }),
    { input: { cardId: card.cardId, methods, options: config.cards.svcReloadOptions, defaultAmount: config.cards.defaultSvcReloadOption, keyBase } },
  );
  return <AddMoneyModal actor={actor} />;
}

function AutoReload({ card, methods, onClose }: { card: Card; methods: Methods; onClose: () => void }) {
  const { data: config } = useSuspenseQuery(configQuery);
  const redirect = useRedirect({ replace: false });
  const queryClient = useQueryClient();
  const toast = useToast();
  const actor = useActorRef(
    autoReloadMachine.provide({
      actors: autoReloadActors(),
      actions: {
        close: () => queueMicrotask(onClose),
        redirect,
        notify: ({ context }) => {
          if (context.notice) toast('success', context.notice);
          void queryClient.invalidateQueries({ queryKey: ['account', 'cards'] });
        },
      },
    }),
    { input: { cardId: card.cardId, profile: card.autoReloadProfile, methods, defaultAmount: config.cards.defaultSvcReloadOption, defaultTrigger: config.cards.defaultTriggerAmountOption } },
  );
  return <AutoReloadModal actor={actor} amountOptions={config.cards.svcReloadOptions} triggerOptions={config.cards.triggerAmountOptions} />;
}
