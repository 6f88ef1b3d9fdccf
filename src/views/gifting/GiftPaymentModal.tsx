import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { GiftMessages, GiftTexts } from '../../../contracts/gift-messages.ts';
import { formatCents } from '../../../contracts/card-fields.ts';
import type { giftPaymentMachine } from '../../../machines/gift-payment.machine.ts';
import type { giftPurchaseMachine } from '../../../machines/gift-purchase.machine.ts';
import { ErrorAlert } from '../shared/blocks.tsx';
import { Dialog } from '../shell/Dialog.tsx';

const methodLabel = (m: { paymentType: string; accountNumberLastFour: string | null; accountEmail: string | null }) =>
  m.paymentType === 'paypal' ? `PayPal ${m.accountEmail ?? ''}`.trim() : `${m.paymentType.toUpperCase()} •••• ${m.accountNumberLastFour ?? ''}`;

/**
 * The #payment modal, heading 'Choose payment' (spec 3 section 2): the reminder, a member's instruments or the
 * guest's single-use card, the total, Buy; while the purchase runs, its progress ('Sending your gift…', then
 * 'Still sending your gift…' on EPROMISERETRY); a failure with Try again. Renders the giftPayment / giftPurchase
 * children's snapshots and sends their events (and the form's close / retry).
 */
export function GiftPaymentModal({
  payment,
  purchase,
  failure,
  total,
  onClose,
  onRetry,
}: {
  payment: ActorRefFrom<typeof giftPaymentMachine> | undefined;
  purchase: ActorRefFrom<typeof giftPurchaseMachine> | undefined;
  failure: string | null;
  total: number;
  onClose: () => void;
  onRetry: () => void;
}) {
  return (
    <Dialog open title={GiftTexts.choosePayment} onClose={onClose} className="gift-payment">
      <p className="gift-reminder">{GiftTexts.paymentReminder}</p>
      {purchase ? <PurchaseProgress purchase={purchase} /> : failure ? <Failure message={failure} onRetry={onRetry} onClose={onClose} /> : payment ? <PaymentChoice payment={payment} total={total} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PurchaseProgress({ purchase }: { purchase: ActorRefFrom<typeof giftPurchaseMachine> }) {
  const still = useSelector(purchase, (s) => s.matches('backingOff'));
  return (
    <p role="status" className="gift-progress">
      {still ? GiftMessages.giftStillSending : GiftMessages.giftSending}
    </p>
  );
}

function Failure({ message, onRetry, onClose }: { message: string; onRetry: () => void; onClose: () => void }) {
  return (
    <>
      <ErrorAlert message={message} />
      <div className="dialog-actions">
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {GiftTexts.retry}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}

function PaymentChoice({ payment, total, onClose }: { payment: ActorRefFrom<typeof giftPaymentMachine>; total: number; onClose: () => void }) {
  const state = useSelector(payment, (s) => s);
  const { methods, selectedPaymentInstrumentId, guestCard, guestAddress, error } = state.context;
  const guest = !state.context.signedIn;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        payment.send({ type: 'user.buy' });
      }}
    >
      {state.matches('choosing') ? (
        <fieldset className="gift-methods">
          <legend>Payment method</legend>
          {methods.map((m) => (
            <label key={m.paymentMethodId} className="gift-method">
              <input
                type="radio"
                name="paymentMethod"
                value={m.paymentMethodId}
                checked={selectedPaymentInstrumentId === m.paymentMethodId}
                onChange={() => payment.send({ type: 'user.selectMethod', paymentInstrumentId: m.paymentMethodId })}
              />{' '}
              {methodLabel(m)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {state.matches('guestReady') && guestCard && guestAddress ? (
        <p className="gift-guest-card">
          {guestCard.brand.toUpperCase()} •••• {guestCard.lastFour} — {guestAddress.address.firstName} {guestAddress.address.lastName}, {guestAddress.address.postalCode}
        </p>
      ) : null}
      {state.matches('noMethods') ? <ErrorAlert message={GiftMessages.paymentMissing} /> : null}
      {state.matches('guestExpired') ? <ErrorAlert message={GiftMessages.cardTokenExpired} /> : null}
      {error && !state.matches('noMethods') ? <ErrorAlert message={GiftMessages[error]} /> : null}
      <p className="gift-total">Total: {formatCents(total)}</p>
      <div className="dialog-actions">
        <button type="submit" className="btn btn--primary">
          Buy
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => payment.send({ type: 'user.addPayment' })}>
          {guest ? (state.matches('guestReady') ? 'Use a different card' : 'Add a card') : 'Add a payment method'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
