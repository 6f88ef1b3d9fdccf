import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { HistoryMessages, HistoryTexts } from '../../../contracts/history-messages.ts';
import type { receiptMachine } from '../../../machines/receipt.machine.ts';
import { LoadFailed } from '../shared/blocks.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import { money, pickupName, placedOn, statusName } from './history-format.ts';
import { TrackOrderLink } from './TrackOrderLink.tsx';
import './history.css';

/** /account/history/$orderId: renders the receipt machine's snapshot; `reorder` is the Reorder button (its own actor). */
export function ReceiptView({ actor, reorder }: { actor: ActorRefFrom<typeof receiptMachine>; reorder: ReactNode }) {
  const s = useSelector(actor, (x) => x);
  const r = s.context.receipt;
  let body;
  if (s.matches('loading')) body = <PageLoading />;
  else if (s.matches('notFound')) body = <p role="alert">{HistoryMessages.orderNotFound}</p>;
  else if (s.matches('loadFailed') || !r) body = <LoadFailed error={HistoryMessages.receiptLoadFailed} onRetry={() => actor.send({ type: 'user.retry' })} />;
  else {
    body = (
      <>
        <p>
          {r.store.name} · {pickupName(r.pickupOption)} · {placedOn(r.placedAt, r.store.timeZone)} · {statusName(r.status)}
        </p>
        <p>
          <TrackOrderLink orderId={r.orderId} status={r.status} />
        </p>
        <table className="receipt-lines">
          <caption className="visually-hidden">{HistoryTexts.receiptTitle}</caption>
          <tbody>
            {r.items.map((i, n) => (
              <tr key={n}>
                <th scope="row">
                  {i.quantity} × {i.name}, {i.sizeName}
                  {i.options.map((o, k) => (
                    <span key={k} className="receipt-option">
                      {o.quantity > 1 ? `${o.quantity} ${o.name}` : o.name}
                      {o.price ? ` ${money(o.price)}` : ''}
                    </span>
                  ))}
                </th>
                <td>{money(i.price)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{HistoryTexts.subtotal}</th>
              <td>{money(r.subtotal)}</td>
            </tr>
            {r.discount ? (
              <tr>
                <th scope="row">
                  {HistoryTexts.discount}
                  {r.offers.length ? ` (${r.offers.join(', ')})` : ''}
                </th>
                <td>-{money(r.discount)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">{HistoryTexts.tax}</th>
              <td>{money(r.tax)}</td>
            </tr>
            {r.tip ? (
              <tr>
                <th scope="row">{HistoryTexts.tip}</th>
                <td>{money(r.tip)}</td>
              </tr>
            ) : null}
            <tr className="receipt-total">
              <th scope="row">{HistoryTexts.total}</th>
              <td>{money(r.total)}</td>
            </tr>
            {r.tenders.map((t, n) => (
              <tr key={`t${n}`}>
                <th scope="row">
                  {HistoryTexts.paidWith} {t.label}
                </th>
                <td>{money(t.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {r.taxIncludedNote ? <p>{r.taxIncludedNote}</p> : null}
        <p>
          {HistoryTexts.starsEarned(r.starsEarned)}
          {r.starsSpent ? ` · ${HistoryTexts.starsSpent(r.starsSpent)}` : ''}
        </p>
        {reorder}
      </>
    );
  }
  return (
    <div className="history-page">
      <p>
        <Link to="/account/history">{HistoryTexts.backToHistory}</Link>
      </p>
      <h1>{HistoryTexts.receiptTitle}</h1>
      {body}
    </div>
  );
}
