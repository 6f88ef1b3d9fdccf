import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { HistoryMessages, HistoryTexts } from '../../../contracts/history-messages.ts';
import type { reorderMachine } from '../../../machines/reorder.machine.ts';

/** Reorder (receipt, home's last order): the button, and what stops it (nothing available here, a failure). */
export function ReorderButtonView({ actor, label }: { actor: ActorRefFrom<typeof reorderMachine>; label?: string }) {
  const s = useSelector(actor, (x) => x);
  const busy = s.hasTag('loading') || s.hasTag('redirecting');
  const message = s.matches('nothingAvailable') ? HistoryMessages.reorderNothingAvailable : s.matches('failed') ? HistoryMessages.reorderFailed : null;
  return (
    <div className="history-reorder">
      <button type="button" className="btn btn--primary" aria-busy={busy} disabled={busy} aria-label={label} onClick={() => actor.send({ type: 'user.reorder' })}>
        {HistoryTexts.reorder}
      </button>
      {message ? (
        <p role="alert" className="history-reorder-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
