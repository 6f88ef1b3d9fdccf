import type { CancelReason, ConsoleOrder } from '../../../contracts/order-status.ts';
import { CANCEL_REASONS } from '../../../contracts/order-status.ts';
import { CANCEL_REASON_TEXTS, OrderStatusMessages as M, OrderStatusTexts as T } from '../../../contracts/order-status-messages.ts';
import { formatMoney } from '../../services/format.ts';
import { Dialog } from '../shell/Dialog.tsx';
import type { ConsoleQueueActor } from './ConsoleView.tsx';

/**
 * The console's cancel dialog (docs/order-status.md 2.5, 3.6): the order, its refund and a reason to choose. Loaded
 * apart from the queue (ConsoleView's `useCancelDialog`): it opens only on a card's Cancel.
 */
export function CancelDialog({ queue, open, order, reason }: { queue: ConsoleQueueActor; open: boolean; order: ConsoleOrder | null; reason: CancelReason | null }) {
  return (
    <Dialog
      open={open}
      title={M.cancelHeading}
      onClose={() => queue.send({ type: 'user.keepOrder' })}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={() => queue.send({ type: 'user.keepOrder' })}>
            {M.keepOrder}
          </button>
          <button type="button" className="btn btn--primary" disabled={!reason} aria-describedby={reason ? undefined : 'cancel-reason-needed'} onClick={() => queue.send({ type: 'user.confirmCancel' })}>
            {M.cancelConfirm}
          </button>
        </>
      }
    >
      {order ? (
        <p>
          #{order.shortId} {order.name}. {T.cancelBody(formatMoney(order.total, undefined, order.currency))}
        </p>
      ) : null}
      {/* the reason is stored with the order and shown on the customer's tracker (docs/order-status.md 3.6) */}
      <fieldset className="console-reasons">
        <legend>{M.cancelReasonLegend}</legend>
        {CANCEL_REASONS.map((r) => (
          <label key={r} className="console-reason">
            <input type="radio" name="cancel-reason" value={r} checked={reason === r} onChange={() => queue.send({ type: 'user.chooseReason', reason: r })} />
            <span>{CANCEL_REASON_TEXTS[r].label}</span>
          </label>
        ))}
      </fieldset>
      {reason ? null : (
        <p id="cancel-reason-needed" className="console-notice">
          {M.cancelReasonNeeded}
        </p>
      )}
    </Dialog>
  );
}
