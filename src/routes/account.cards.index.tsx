import * as v from 'valibot';
import { useEffect } from 'react';
import { createFileRoute, useLocation, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { cardsMachine } from '../../machines/cards.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { cardsActors } from '../services/cards.actors.ts';
import { CardsListView } from '../views/cards/CardsViews.tsx';
import { useToast } from './-cards/card-page-hooks.ts';
import { LazyCardOverlays, usePreloadCardOverlays } from './-cards/lazy-overlays.tsx';

/** /account/cards (sign-in required): the card list; ?mode=from_account_create&card_error=<code> shows the mapped message. */
const CardsSearch = v.object({
  mode: v.optional(v.picklist(['from_account_create'])),
  card_error: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,40}$/))),
});
export const Route = createFileRoute('/account/cards/')({
  validateSearch: (s: Record<string, unknown>) => {
    const r = v.safeParse(CardsSearch, s);
    return r.success ? r.output : {};
  },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: CardsPage,
});

function CardsPage() {
  const search = Route.useSearch();
  const hash = useLocation({ select: (l) => l.hash });
  const router = useRouter();
  const toast = useToast();
  usePreloadCardOverlays();
  const actor = useActorRef(
    cardsMachine.provide({
      actors: cardsActors(),
      actions: { notify: ({ context }) => context.notice && toast(context.notice.tone, context.notice.message) },
    }),
    { input: { cardErrorCode: search.mode === 'from_account_create' ? (search.card_error ?? null) : null } },
  );
  useEffect(() => {
    if (!hash && actor.getSnapshot().matches('ready')) actor.send({ type: 'user.refresh' });
  }, [hash, actor]);
  const primary = useSelector(actor, (s) => s.context.cards.find((c) => c.isPrimary) ?? s.context.cards[0]);
  const overlay = primary && hash ? <LazyCardOverlays card={primary} hash={hash} onClose={() => void router.navigate({ to: '/account/cards', search, hash: '' })} /> : null;
  return <CardsListView actor={actor} overlay={overlay} />;
}
