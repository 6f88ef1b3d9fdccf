import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { GiftMessages, GiftTexts } from '../../../contracts/gift-messages.ts';
import { formatCents } from '../../../contracts/card-fields.ts';
import type { GiftDeliveryState, GiftHistoryEntry } from '../../../contracts/gift.ts';
import { lastPage, type giftHistoryMachine } from '../../../machines/gift-history.machine.ts';
import { LoadFailed } from '../shared/blocks.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import './gifting.css';

/**
 * /account/history/egift (docs/gifting.md 1, 2.6): the member's sent eGifts, newest first, 10 a page: date, design,
 * amount each and total, recipients with their delivery state (Queued, Sent, Claimed); Previous / Next. Renders the
 * giftHistory machine's snapshot and sends its events, nothing else.
 */
const deliveryLabel: Record<GiftDeliveryState, string> = {
  queued: GiftTexts.deliveryQueued,
  sent: GiftTexts.deliverySent,
  claimed: GiftTexts.deliveryClaimed,
};

const sentOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

function GiftEntry({ gift }: { gift: GiftHistoryEntry }) {
  return (
    <li className="gift-history-entry">
      <img src={gift.product.largeImageUrl} alt={gift.product.altText} width={150} height={95} />
      <div>
        <p className="gift-history-when">
          {GiftTexts.historySentOn(sentOn(gift.createdAt))}
          {gift.orderNumber ? <span> · {GiftTexts.historyOrder(gift.orderNumber)}</span> : null}
        </p>
        <p>{GiftTexts.historyAmounts(formatCents(gift.amount.amount), formatCents(gift.totalAmount.amount))}</p>
        {gift.message ? <p className="gift-history-message">“{gift.message}”</p> : null}
        {gift.status === 'failed' ? (
          <p>{GiftTexts.historyNotSent}</p>
        ) : (
          <>
            <h3>{GiftTexts.historyRecipients}</h3>
            <ul className="gift-history-recipients">
              {gift.recipients.map((r) => (
                <li key={r.recipientEmail}>
                  <span>
                    {r.recipientName} ({r.recipientEmail})
                  </span>{' '}
                  <span className={`gift-delivery gift-delivery--${r.deliveryState}`}>{deliveryLabel[r.deliveryState]}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </li>
  );
}

export function GiftHistoryView({ actor }: { actor: ActorRefFrom<typeof giftHistoryMachine> }) {
  const state = useSelector(actor, (s) => s);
  const { gifts, page, pageSize, total } = state.context;
  let body;
  if (state.matches('loading')) body = <PageLoading />;
  else if (state.matches('loadFailed')) body = <LoadFailed error={GiftMessages.generic} onRetry={() => actor.send({ type: 'user.retry' })} />;
  else if (state.matches('empty')) {
    body = (
      <>
        <p>{GiftMessages.giftHistoryEmpty}</p>
        <Link to="/gift">{GiftTexts.browseGifts}</Link>
      </>
    );
  } else {
    const last = lastPage(total, pageSize);
    body = (
      <>
        <ul className="gift-history">
          {gifts.map((g) => (
            <GiftEntry key={g.requestId} gift={g} />
          ))}
        </ul>
        <nav className="gift-history-pages" aria-label="Gift history pages">
          <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => actor.send({ type: 'user.previousPage' })}>
            {GiftTexts.historyPrevious}
          </button>
          <span>{GiftTexts.historyPageOf(page, last)}</span>
          <button type="button" className="btn btn--ghost" disabled={page >= last} onClick={() => actor.send({ type: 'user.nextPage' })}>
            {GiftTexts.historyNext}
          </button>
        </nav>
      </>
    );
  }
  return (
    <div className="gift-page gift-history-page">
      <h1>{GiftTexts.historyTitle}</h1>
      {body}
    </div>
  );
}
