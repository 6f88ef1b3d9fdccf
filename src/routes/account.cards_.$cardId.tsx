import { createFileRoute, useLocation, useRouter } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { formatCents } from '../../contracts/cards.ts';
import { OPAQUE_ID } from '../../contracts/opaque-id.ts';
import { cardsMachine } from '../../machines/cards.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { useRedirect } from '../services/redirect.ts';
import { cardsActors } from '../services/cards.actors.ts';
import { cardDetailQuery } from '../services/cards/queries.ts';
import { CardsListView } from '../views/cards/CardsViews.tsx';
import { useToast } from './-cards/card-page-hooks.ts';
import { LazyCardOverlays, usePreloadCardOverlays } from './-cards/lazy-overlays.tsx';

/** /account/cards/:cardId (sign-in required): one card, its latest movements, and the #pay / #add-money / #auto-reload overlays. */
export const Route = createFileRoute('/account/cards_/$cardId')({
  params: { parse: (p) => ({ cardId: OPAQUE_ID.test(p.cardId) ? p.cardId : 'unknown' }), stringify: (p) => p },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: CardPage,
});

const KIND: Record<string, string> = { opening: 'Opening balance', reload: 'Reload', auto_reload: 'Auto reload', charge: 'Purchase', transfer_in: 'Transfer in', transfer_out: 'Transfer out', adjustment: 'Adjustment', egift_issue: 'eGift' };

function CardPage() {
  const { cardId } = Route.useParams();
  const hash = useLocation({ select: (l) => l.hash });
  const router = useRouter();
  const toast = useToast();
  const redirect = useRedirect();
  usePreloadCardOverlays();
  // removing this page's card ends on the list (the machine's destination), not on 'We could not find that card.'
  const actor = useActorRef(cardsMachine.provide({ actors: cardsActors(), actions: { notify: ({ context }) => context.notice && toast(context.notice.tone, context.notice.message), redirect } }), { input: { cardId } });
  const card = useSelector(actor, (s) => s.context.cards.find((c) => c.cardId === cardId));
  const balance = card?.balance.amount;
  const detail = useQuery(cardDetailQuery(cardId, balance, !!card));
  // overlays change the balance: reload the list when one closes
  useEffect(() => {
    if (!hash && actor.getSnapshot().matches('ready')) actor.send({ type: 'user.refresh' });
  }, [hash, actor]);
  const history = detail.data ? (
    <section className="account-card" aria-labelledby="history-heading">
      <h2 id="history-heading">Recent activity</h2>
      <ul>
        {detail.data.history.map((e) => (
          <li key={e.id}>
            {KIND[e.kind] ?? e.kind}: {e.amount.amount < 0 ? '−' : '+'}
            {formatCents(Math.abs(e.amount.amount))}, balance {formatCents(e.balanceAfter.amount)}
          </li>
        ))}
      </ul>
    </section>
  ) : null;
  const overlay = card && hash ? <LazyCardOverlays card={card} hash={hash} onClose={() => void router.navigate({ to: '/account/cards/$cardId', params: { cardId }, hash: '' })} /> : null;
  return <CardsListView actor={actor} cardId={cardId} history={history} overlay={overlay} />;
}
