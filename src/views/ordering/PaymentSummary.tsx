import { useSelector } from '@xstate/react';
import { OrderingMessages } from '../../../contracts/ordering-messages.ts';
import { tipAllowed } from '../../../contracts/ordering-rules.ts';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import { CheckoutTexts } from '../../../contracts/checkout-texts.ts';
import { balanceShort, reloadSources, selectedPayment } from '../../../machines/place-order.setup.ts';
import { formatMoney } from '../../services/format.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { ChoiceTile, ChoiceTiles } from '../shared/ChoiceTiles.tsx';
import { PickupTime, StaleNotice, noticeTextOf, type PlaceOrderActor } from './CheckoutView.tsx';

const TIPS = [0, 100, 200, 300];

/**
 * The #payment-summary modal (payment, tip, reload, guest details, Place order) and the tip-removed dialog, in their
 * own chunk: code used only after 'Continue to payment' does not weigh on the cart's first load (issue 30;
 * CheckoutView asks for it once the order is priced, so it is there by the click). Renders the place-order machine.
 */
export function PaymentSummary({ actor, brand, open, onClose }: { actor: PlaceOrderActor; brand: string; open: boolean; onClose: () => void }) {
  const s = useSelector(actor, (x) => x);
  const c = s.context;
  const pricing = c.pricing;
  const currency = pricing?.summary.currency ?? 'USD';
  const money = (n: number) => formatMoney(n, undefined, currency);
  const pay = selectedPayment(c);
  const short = balanceShort(c);
  const canTip = !!pricing && tipAllowed(pricing.isTipEnabled, pricing.summary.price, pay?.tender);
  const send = actor.send;
  const noticeText = noticeTextOf(c, brand);
  return (
    <>
      <Dialog open={open && !!pricing && !s.matches('placed')} title="Payment summary" onClose={onClose} className="payment-summary">
        <fieldset className="choice-group">
          <legend>Pay with</legend>
          {c.payments.length === 0 && !c.guest ? <p>{OrderingTexts.noPaymentMethods}</p> : null}
          {c.payments.map((p) => (
            <label key={p.id} className="option-row">
              <input type="radio" name="payment" checked={c.paymentId === p.id} onChange={() => send({ type: 'user.selectPayment', id: p.id })} />
              <span>{p.label}</span>
              {p.balance !== undefined ? <span className="option-price">{money(p.balance)}</span> : null}
            </label>
          ))}
          <button type="button" className="btn btn--link" aria-describedby="add-payment-hint" onClick={() => send({ type: 'user.addPayment' })}>
            {c.guest ? 'Add a card' : 'Add a payment method'}
          </button>
          {/* issue 30: say where the button leads before the jump: the payment pages, then back to this order */}
          <p id="add-payment-hint" className="summary-note">{c.guest ? CheckoutTexts.addCardHint : CheckoutTexts.addPaymentHint}</p>
        </fieldset>
        {canTip ? (
          <fieldset className="choice-group">
            <legend>Tip</legend>
            <ChoiceTiles>
              {TIPS.map((t) => (
                <ChoiceTile key={t} name="tip" checked={c.tip === t} onChange={() => send({ type: 'user.setTip', amount: t })} label={t === 0 ? 'No tip' : money(t)} />
              ))}
            </ChoiceTiles>
          </fieldset>
        ) : null}
        {short ? <ReloadFields actor={actor} money={money} /> : null}
        {c.guest ? <GuestFields actor={actor} /> : null}
        {/* spec 4: the slot went (110000): the slots were reloaded; choose another time right here */}
        {c.notice === 'timeSlotUnavailable' ? <PickupTime actor={actor} id="summary-pickup-time" /> : null}
        {s.matches({ checkout: 'stale' }) ? <StaleNotice actor={actor} /> : null}
        {noticeText && !(short && (c.notice === 'balanceTooLow' || c.notice === 'insufficientBalance')) ? <p className="order-notice order-notice--error" role="alert">{noticeText}</p> : null}
        {pricing ? (
          <p className="summary-total">
            Total <strong>{money(pricing.summary.price + c.tip)}</strong>
          </p>
        ) : null}
        <button type="button" className="btn btn--primary add-button" disabled={s.matches('submitting') || s.matches({ checkout: 'stale' })} onClick={() => send({ type: 'user.submit', at: Date.now() })}>
          {s.matches('submitting') ? 'Placing your order…' : short ? OrderingMessages.reloadAndPlaceOrder : OrderingMessages.placeOrder}
        </button>
      </Dialog>
      <Dialog open={s.matches({ checkout: { priced: 'tipRemoved' } })} title={OrderingTexts.tipRemovedTitle} onClose={() => send({ type: 'user.dismissTipRemoved' })} actions={<button type="button" className="btn btn--primary" onClick={() => send({ type: 'user.dismissTipRemoved' })}>OK</button>}>
        <p>{OrderingTexts.tipRemovedBody}</p>
      </Dialog>
    </>
  );
}

function GuestFields({ actor }: { actor: PlaceOrderActor }) {
  const d = useSelector(actor, (s) => s.context.guestDetails) ?? { email: '', firstName: '', guestEmailMarketingOptIn: false };
  const set = (patch: Partial<typeof d>) => actor.send({ type: 'user.setGuest', details: { ...d, ...patch } });
  return (
    <fieldset className="choice-group">
      <legend>Your details</legend>
      <div className="field">
        <label htmlFor="guest-email">Email</label>
        <input id="guest-email" type="email" autoComplete="email" value={d.email} onChange={(e) => set({ email: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="guest-first-name">First name</label>
        <input id="guest-first-name" autoComplete="given-name" value={d.firstName} onChange={(e) => set({ firstName: e.target.value })} />
      </div>
      <label className="option-row">
        <input type="checkbox" checked={d.guestEmailMarketingOptIn} onChange={(e) => set({ guestEmailMarketingOptIn: e.target.checked })} />
        <span>Send me offers and news by email</span>
      </label>
    </fieldset>
  );
}

/**
 * Spec 1 §4, spec 2 §5 (issue 30): the stored-value card is short, so the reload is shown at once: 'Insufficient
 * balance for order', the card it is charged to and the amount (the smallest covering amount is preselected by the
 * machine, so 'Reload & place order' works with one click). Without a saved card there is nothing to reload from:
 * the way to add one, which comes back here.
 */
function ReloadFields({ actor, money }: { actor: PlaceOrderActor; money: (n: number) => string }) {
  const c = useSelector(actor, (s) => s.context);
  const sources = reloadSources(c);
  return (
    <fieldset className="choice-group reload-fields">
      <legend>Reload your card</legend>
      <p className="order-notice order-notice--warn" role="status">
        {OrderingTexts.insufficientBalance}. {OrderingTexts.balanceTooLow}
      </p>
      {sources.length ? (
        <>
          <div className="field">
            <label htmlFor="reload-source">Reload from</label>
            <select id="reload-source" value={c.reloadMethodId ?? ''} onChange={(e) => actor.send({ type: 'user.selectReloadSource', paymentMethodId: e.target.value })}>
              {c.reloadMethodId ? null : <option value="">Choose a card</option>}
              {sources.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <div role="radiogroup" aria-label="Reload amount">
            <ChoiceTiles>
              {c.reloadOptions.map((a) => (
                <ChoiceTile key={a} name="reload" checked={c.reload?.amount === a} onChange={() => actor.send({ type: 'user.selectReload', amount: a })} label={money(a)} />
              ))}
            </ChoiceTiles>
          </div>
        </>
      ) : (
        <p>{CheckoutTexts.reloadNeedsMethod}</p>
      )}
    </fieldset>
  );
}
