import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CardMessages, formatCents, type Card } from '../../../contracts/cards.ts';
import type { cardsMachine } from '../../../machines/cards.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountPage, ErrorAlert, LoadFailed } from '../shared/blocks.tsx';
import { Modal } from './Modal.tsx';
import '../shared/page.css';
import './cards.css';

/**
 * Card views (spec 2 §2 Cards): they render machine snapshots and send events, nothing else. This module is the
 * list and details pages; the overlays (#pay, #add-money, #auto-reload, modal dialogs opened by the URL hash, the
 * route decides) are CardOverlayViews.tsx, loaded with the overlays' chunk; the add-card page is AddCardView.tsx;
 * the dialog is Modal.tsx.
 */

function CardTile({ card, detail }: { card: Card; detail: boolean }) {
  return (
    <div className="cards-tile">
      <img src={card.cardImageUrl} alt="" width={160} height={100} />
      <div>
        <h2 className="cards-tile__name">
          {detail ? card.nickname : <a href={`/account/cards/${card.cardId}`}>{card.nickname}</a>} <span className="cards-tile__last">•••• {card.lastFour}</span>
        </h2>
        {card.isPrimary ? <p className="cards-badge">Primary card</p> : null}
        <p className="cards-balance">
          Balance <strong>{formatCents(card.balance.amount)}</strong>
        </p>
        {card.autoReloadProfile?.isActive ? (
          <p>
            Auto reload on: {formatCents(card.autoReloadProfile.amount)} when under {formatCents(card.autoReloadProfile.triggerAmount)}
          </p>
        ) : (
          <p>Auto reload off</p>
        )}
        {card.autoReloadProfile?.lastErrorCode ? <p className="cards-warning">The last auto reload failed (code {card.autoReloadProfile.lastErrorCode}). Check your payment method.</p> : null}
      </div>
    </div>
  );
}

export interface CardsListViewProps {
  actor: ActorRefFrom<typeof cardsMachine>;
  /** show one card (detail page) instead of the list */
  cardId?: string;
  history?: ReactNode;
  overlay?: ReactNode;
}

export function CardsListView({ actor, cardId, history, overlay }: CardsListViewProps) {
  const snapshot = useSelector(actor, (s) => s);
  const { cards, error, landingError, targetId } = snapshot.context;
  if (snapshot.matches('loading') && cards.length === 0) return <PageLoading />;
  const shown = cardId ? cards.filter((c) => c.cardId === cardId) : cards;
  const busy = snapshot.hasTag('loading');
  const target = cards.find((c) => c.cardId === targetId);
  return (
    // a card page is titled by its h1 (RouteAnnouncer): nickname and last four, so two cards' pages differ (issue 30)
    <AccountPage heading={cardId ? (shown[0] ? `${shown[0].nickname} (${shown[0].lastFour})` : 'Card') : 'Cards'} wide>
      {landingError ? <ErrorAlert message={landingError} /> : null}
      {landingError && snapshot.context.landingAction?.to.startsWith('/') ? (
        <p>
          <a href={snapshot.context.landingAction.to}>{snapshot.context.landingAction.label}</a>
        </p>
      ) : null}
      {snapshot.matches('loadFailed') ? <LoadFailed error={error} onRetry={() => actor.send({ type: 'user.retry' })} /> : <ErrorAlert message={error} />}
      {cardId && cards.length > 0 && shown.length === 0 ? <p>{CardMessages.cardNotFound}</p> : null}
      {!cardId ? (
        <p className="cards-toolbar">
          <a className="btn btn--primary" href="/account/cards/add">
            Add a card
          </a>{' '}
          <a href="/account/payment-method">Payment methods</a> <a href="/account/cards/transfer">Transfer balance</a>
        </p>
      ) : (
        <p>
          <a href="/account/cards">All cards</a>
        </p>
      )}
      <ul className="cards-list">
        {shown.map((card) => (
          <li key={card.cardId} className="account-card">
            <CardTile card={card} detail={!!cardId} />
            <div className="cards-actions">
              <a className="btn btn--primary" href={`/account/cards/${card.cardId}#pay`}>
                Pay in store
              </a>
              <a className="btn btn--ghost" href={`/account/cards/${card.cardId}#add-money`}>
                Add money
              </a>
              <a className="btn btn--ghost" href={`/account/cards/${card.cardId}#auto-reload`}>
                Auto reload
              </a>
              {!card.isPrimary ? (
                <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => actor.send({ type: 'user.makePrimary', cardId: card.cardId })}>
                  Make primary
                </button>
              ) : null}
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => actor.send({ type: 'user.remove', cardId: card.cardId })}>
                Remove card
              </button>
            </div>
          </li>
        ))}
      </ul>
      {cards.length === 0 && snapshot.matches('ready') ? <p>You have no cards yet.</p> : null}
      {history}
      {snapshot.matches('transferFirst') && target ? (
        <Modal title="Transfer the balance first" onClose={() => actor.send({ type: 'user.dismiss' })}>
          <p>{CardMessages.cardHasBalance}</p>
          <p>
            <a className="btn btn--primary" href={`/account/cards/transfer?from=${encodeURIComponent(target.cardId)}`}>
              Transfer balance
            </a>{' '}
            <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.dismiss' })}>
              Not now
            </button>
          </p>
        </Modal>
      ) : null}
      {(snapshot.matches('confirmingRemove') || snapshot.matches('removing')) && target ? (
        <Modal title={`Remove card •••• ${target.lastFour}?`} onClose={() => actor.send({ type: 'user.cancel' })}>
          <p>You can add a physical card back later with its number and security code.</p>
          <p>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => actor.send({ type: 'user.confirm' })}>
              Remove
            </button>{' '}
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => actor.send({ type: 'user.cancel' })}>
              Keep card
            </button>
          </p>
        </Modal>
      ) : null}
      {overlay}
    </AccountPage>
  );
}
