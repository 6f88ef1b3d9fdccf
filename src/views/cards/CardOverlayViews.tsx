import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatCents, groupCardNumber, parseDecimalAmount } from '../../../contracts/cards.ts';
import type { barcodePayMachine } from '../../../machines/barcode-pay.machine.ts';
import type { addMoneyMachine } from '../../../machines/add-money.machine.ts';
import type { autoReloadMachine } from '../../../machines/auto-reload.machine.ts';
import { ErrorAlert } from '../shared/blocks.tsx';
import { SubmitButton } from '../shared/form.tsx';
import { ChoiceTile, ChoiceTiles } from '../shared/ChoiceTiles.tsx';
import { Modal } from './Modal.tsx';
import '../shared/page.css';
import './cards.css';

/**
 * The card overlays' views (#pay, #add-money, #auto-reload: modal dialogs opened by the URL hash, the route
 * decides). They load with the overlays' chunk (src/routes/-cards/CardOverlays.tsx), not with the card pages.
 */

export function BarcodeOverlay({ actor }: { actor: ActorRefFrom<typeof barcodePayMachine> }) {
  const s = useSelector(actor, (x) => x);
  const close = () => actor.send({ type: 'user.close' });
  // the pay code (what the barcode holds and the barista types), never the card number (issue 25)
  const number = s.context.code ? groupCardNumber(s.context.code) : '';
  return (
    <Modal title="Scan to pay" onClose={close}>
      {s.hasTag('loading') || s.hasTag('redirecting') ? (
        <p role="status">Loading your barcode…</p>
      ) : s.matches('failed') ? (
        <div role="alert">
          <p>{s.context.error}</p>
          <p className="cards-number">Card •••• {s.context.lastFour}</p>
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        </div>
      ) : s.context.uri ? (
        <figure className="cards-barcode">
          <img src={s.context.uri} alt={`Barcode for card •••• ${s.context.lastFour}: ${number}`} />
          <figcaption className="cards-number">{number}</figcaption>
        </figure>
      ) : null}
    </Modal>
  );
}

export function AddMoneyModal({ actor }: { actor: ActorRefFrom<typeof addMoneyMachine> }) {
  const s = useSelector(actor, (x) => x);
  const { options, amount, methods, paymentMethodId, error } = s.context;
  const busy = s.hasTag('loading');
  if (s.matches('noPaymentMethods') || s.hasTag('redirecting'))
    // issue 30: say why before the jump to the payment-method page, which comes back to this modal
    return (
      <Modal title="Add money" onClose={() => actor.send({ type: 'user.close' })}>
        <p>Your account has no payment methods.</p>
        <p id="add-money-hint">Add a card or PayPal first. You come back here to add money.</p>
        <p>
          <button type="button" className="btn btn--primary" aria-describedby="add-money-hint" disabled={s.hasTag('redirecting')} onClick={() => actor.send({ type: 'user.addMethod' })}>
            Add a payment method
          </button>
        </p>
      </Modal>
    );
  return (
    <Modal title="Add money" onClose={() => actor.send({ type: 'user.close' })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'user.submit' });
        }}
      >
        <ErrorAlert message={error} />
        <fieldset className="cards-choices">
          <legend>Amount</legend>
          <ChoiceTiles>
            {options.map((o) => (
              <ChoiceTile key={o} name="amount" value={String(o)} checked={amount === o} onChange={() => actor.send({ type: 'user.selectAmount', amount: o })} label={formatCents(o)} />
            ))}
          </ChoiceTiles>
        </fieldset>
        <label htmlFor="add-money-method">Payment method</label>
        <select id="add-money-method" value={paymentMethodId ?? ''} onChange={(e) => actor.send({ type: 'user.selectMethod', paymentMethodId: e.target.value })}>
          <option value="">Choose a payment method</option>
          {methods.map((m) => (
            <option key={m.paymentMethodId} value={m.paymentMethodId}>
              {m.paymentType === 'paypal' ? `PayPal ${m.accountEmail ?? ''}` : `${m.paymentType.toUpperCase()} •••• ${m.accountNumberLastFour}`}
            </option>
          ))}
        </select>
        <p>
          <SubmitButton loading={busy} className="btn btn--primary">
            Add {formatCents(amount)}
          </SubmitButton>
        </p>
      </form>
    </Modal>
  );
}

/** cents as the dollars text the auto-reload machine keeps ('25.00') */
const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

export function AutoReloadModal({ actor, amountOptions, triggerOptions }: { actor: ActorRefFrom<typeof autoReloadMachine>; amountOptions: number[]; triggerOptions: number[] }) {
  const s = useSelector(actor, (x) => x);
  const { enabled, amount, triggerAmount, methods, paymentMethodId, error, fieldErrors } = s.context;
  const busy = s.hasTag('loading');
  return (
    <Modal title="Auto reload" onClose={() => actor.send({ type: 'user.close' })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'user.submit' });
        }}
      >
        <ErrorAlert message={error} />
        <label className="cards-choice">
          <input type="checkbox" checked={enabled} onChange={(e) => actor.send({ type: 'user.toggle', enabled: e.target.checked })} /> Turn on Auto reload
        </label>
        {enabled ? (
          <>
            {/* the allowed values as choices, like Add money (issue 30: free text before); the machine keeps dollars as text */}
            <fieldset className="cards-choices" aria-describedby={fieldErrors.amount ? 'ar-amount-error' : undefined}>
              <legend>Reload amount</legend>
              <ChoiceTiles>
                {amountOptions.map((o) => (
                  <ChoiceTile key={o} name="ar-amount" value={String(o)} checked={parseDecimalAmount(amount) === o} onChange={() => actor.send({ type: 'user.setAmount', amount: dollarsOf(o) })} label={formatCents(o)} />
                ))}
              </ChoiceTiles>
              {fieldErrors.amount ? <p id="ar-amount-error" className="field-error">{fieldErrors.amount}</p> : null}
            </fieldset>
            <fieldset className="cards-choices" aria-describedby={fieldErrors.triggerAmount ? 'ar-trigger-error' : undefined}>
              <legend>When the balance falls below</legend>
              <ChoiceTiles>
                {triggerOptions.map((o) => (
                  <ChoiceTile key={o} name="ar-trigger" value={String(o)} checked={parseDecimalAmount(triggerAmount) === o} onChange={() => actor.send({ type: 'user.setTrigger', triggerAmount: dollarsOf(o) })} label={formatCents(o)} />
                ))}
              </ChoiceTiles>
              {fieldErrors.triggerAmount ? <p id="ar-trigger-error" className="field-error">{fieldErrors.triggerAmount}</p> : null}
            </fieldset>
            <label htmlFor="ar-method">Payment method</label>
            <select id="ar-method" value={paymentMethodId ?? ''} onChange={(e) => (e.target.value === 'add' ? actor.send({ type: 'user.addPaymentMethod' }) : actor.send({ type: 'user.selectMethod', paymentMethodId: e.target.value }))}>
              <option value="">Choose a payment method</option>
              {methods.map((m) => (
                <option key={m.paymentMethodId} value={m.paymentMethodId}>
                  {m.paymentType === 'paypal' ? 'PayPal' : `${m.paymentType.toUpperCase()} •••• ${m.accountNumberLastFour}`}
                </option>
              ))}
              <option value="add">Add a payment method</option>
            </select>
          </>
        ) : null}
        <p>
          <SubmitButton loading={busy} className="btn btn--primary">
            Save
          </SubmitButton>
        </p>
      </form>
    </Modal>
  );
}
