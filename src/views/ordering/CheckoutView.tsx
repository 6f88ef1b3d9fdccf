import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Offer, PickupEstimateResponse, PickupOptionCode } from '../../../contracts/ordering.ts';
import { OrderingMessages } from '../../../contracts/ordering-messages.ts';
import { PICKUP_OPTION_NAMES, tipAllowed } from '../../../contracts/ordering-rules.ts';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import { balanceShort, reloadSources, selectedPayment } from '../../../machines/place-order.setup.ts';
import type { placeOrderMachine } from '../../../machines/place-order.machine.ts';
import { formatMoney } from '../../services/format.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { Spinner } from '../shell/Loading.tsx';
import './ordering.css';

export type PlaceOrderActor = ActorRefFrom<typeof placeOrderMachine>;
const TIPS = [0, 100, 200, 300];

/**
 * The checkout under the bag (/menu/cart, /menu/cart/guest/checkout): pricing, pickup option and time, offers, and
 * the #payment-summary modal (payment, tip, reload, guest details, Place order). Renders the place-order machine.
 */
export function CheckoutView({
  actor,
  brand,
  offers,
  estimate,
  summaryOpen,
  onOpenSummary,
  onCloseSummary,
}: {
  actor: PlaceOrderActor;
  /** config brand.product: the stored-value card product name (spec 6 "{product} Cards") */
  brand: string;
  offers: Offer[];
  estimate: PickupEstimateResponse | null;
  summaryOpen: boolean;
  onOpenSummary: () => void;
  onCloseSummary: () => void;
}) {
  const s = useSelector(actor, (x) => x);
  const c = s.context;
  const pricing = c.pricing;
  const currency = pricing?.summary.currency ?? 'USD';
  const money = (n: number) => formatMoney(n, undefined, currency);
  const pay = selectedPayment(c);
  const short = balanceShort(c);
  const canTip = !!pricing && tipAllowed(pricing.isTipEnabled, pricing.summary.price, pay?.tender);
  const send = actor.send;
  const pickupCodes: PickupOptionCode[] = estimate?.options.filter((o) => o.available).map((o) => o.code) ?? ['16'];
  const noticeText = c.notice ? (c.notice === 'offerNotApplied' ? pricing?.cart.offers.find((o) => !o.hasBeenApplied)?.description || OrderingTexts.offerNotApplied : c.notice === 'paymentNotAccepted' && pricing?.store.svcOnly ? OrderingMessages.svcOnly(brand) : OrderingTexts[c.notice]) : null;
  return (
    <div className="checkout">
      <fieldset className="choice-group">
        <legend>Pickup</legend>
        <div className="size-options">
          {pickupCodes.map((code) => {
            const wait = estimate?.options.find((o) => o.code === code)?.wait.label;
            return (
              <label key={code} className="size-option">
                <input type="radio" name="pickup" checked={c.pickupOption === code} onChange={() => send({ type: 'user.selectPickup', code })} />
                <span className="size-name">{PICKUP_OPTION_NAMES[code]}</span>
                {wait ? <span className="size-detail">{wait}</span> : null}
              </label>
            );
          })}
        </div>
        <PickupTime actor={actor} id="pickup-time" />
      </fieldset>
      {!c.guest && offers.length ? (
        <fieldset className="choice-group">
          <legend>Rewards</legend>
          {offers.map((o) => (
            <label key={o.code} className="option-row">
              <input type="checkbox" checked={c.offers.includes(o.code)} onChange={(e) => send({ type: 'offers.changed', offers: e.target.checked ? [...c.offers.filter((x) => x !== o.code), o.code] : c.offers.filter((x) => x !== o.code) })} />
              <span>{o.description}</span>
              {o.stars ? <span className="option-price">{o.stars} Stars</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      <section className="summary-card" aria-labelledby="summary-title" aria-busy={s.hasTag('loading')}>
        <h2 id="summary-title">Order total</h2>
        {s.matches({ checkout: 'pricing' }) ? <Spinner label="Pricing your order" /> : null}
        {noticeText && !summaryOpen ? <p className="order-notice order-notice--warn" role="status">{noticeText}</p> : null}
        {s.matches({ checkout: 'gotIt' }) ? (
          <div className="order-notice order-notice--error" role="alert">
            <p>{c.failure?.message}</p>
            <button type="button" className="btn btn--primary btn--small" onClick={() => send({ type: 'user.gotIt' })}>Got it</button>
          </div>
        ) : null}
        {s.matches({ checkout: 'itemsGone' }) ? (
          // issue 30: the bag above names the items this store cannot make (with Remove); 'Got it' prices the rest
          <div className="order-notice order-notice--error" role="alert">
            <p>{c.failure?.message}</p>
            <button type="button" className="btn btn--primary btn--small" onClick={() => send({ type: 'user.gotIt' })}>Got it</button>
          </div>
        ) : null}
        {s.matches({ checkout: 'chooseStore' }) ? (
          <div className="order-notice order-notice--error" role="alert">
            <p>{c.failure?.message}</p>
            <button type="button" className="btn btn--primary btn--small" onClick={() => send({ type: 'user.chooseStore' })}>Choose a store</button>
          </div>
        ) : null}
        {s.matches({ checkout: 'chooseItem' }) ? (
          <div className="order-notice order-notice--error" role="alert">
            <p>{c.failure?.message}</p>
            <button type="button" className="btn btn--primary btn--small" onClick={() => send({ type: 'user.chooseItem' })}>Back to the menu</button>
          </div>
        ) : null}
        {s.matches({ checkout: 'tryAgain' }) ? (
          <div className="order-notice order-notice--error" role="alert">
            <p>{OrderingTexts.unexpectedError}</p>
            <button type="button" className="btn btn--primary btn--small" onClick={() => send({ type: 'user.tryAgain' })}>Try again</button>
          </div>
        ) : null}
        {s.matches({ checkout: 'unpriced' }) ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => send({ type: 'user.refresh' })}>Price my order</button>
        ) : null}
        {s.matches({ checkout: 'stale' }) && !summaryOpen ? <StaleNotice actor={actor} /> : null}
        {s.matches({ checkout: 'slotUnavailable' }) ? <p className="order-notice order-notice--warn" role="status">{OrderingTexts.timeSlotUnavailable}</p> : null}
        {pricing && (s.matches({ checkout: 'priced' }) || s.matches('submitting')) ? (
          <>
            <dl className="summary-lines">
              {/* issue 30: one total row (the quote's own 'Total' line is the price without the tip): lines, tip, total */}
              {pricing.summary.lineItems.filter((l) => l.kind !== 'total').map((l) => (
                <div key={l.label} className={`summary-line summary-line--${l.kind}`}>
                  <dt>{l.label}</dt>
                  <dd>{money(l.amount)}</dd>
                </div>
              ))}
              {c.tip > 0 ? (
                <div className="summary-line">
                  <dt>Tip</dt>
                  <dd>{money(c.tip)}</dd>
                </div>
              ) : null}
              <div className="summary-line summary-line--total">
                <dt>Total</dt>
                <dd>{money(pricing.summary.price + c.tip)}</dd>
              </div>
            </dl>
            {pricing.store.taxIncludedNote ? <p className="summary-note">{OrderingTexts.caTaxNote}</p> : null}
            {pricing.additionalFeeDescription ? <p className="summary-note">{pricing.additionalFeeDescription}</p> : null}
            {pricing.store.svcOnly ? <p className="summary-note">{OrderingMessages.svcOnly(brand)}</p> : null}
            {c.guest && c.payments.length === 0 ? (
              // issue 30: a guest without a card goes straight to add one (the payment summary opens on the way back)
              <>
                <button type="button" className="btn btn--primary add-button" aria-describedby="add-card-hint" onClick={() => send({ type: 'user.addPayment' })}>
                  Add a card to pay
                </button>
                <p id="add-card-hint" className="summary-note">{OrderingTexts.addCardHint}</p>
              </>
            ) : (
              <button type="button" className="btn btn--primary add-button" onClick={onOpenSummary}>
                Continue to payment
              </button>
            )}
          </>
        ) : null}
      </section>
      <Dialog open={summaryOpen && !!pricing && !s.matches('placed')} title="Payment summary" onClose={onCloseSummary} className="payment-summary">
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
          <p id="add-payment-hint" className="summary-note">{c.guest ? OrderingTexts.addCardHint : OrderingTexts.addPaymentHint}</p>
        </fieldset>
        {canTip ? (
          <fieldset className="choice-group">
            <legend>Tip</legend>
            <div className="size-options">
              {TIPS.map((t) => (
                <label key={t} className="size-option">
                  <input type="radio" name="tip" checked={c.tip === t} onChange={() => send({ type: 'user.setTip', amount: t })} />
                  <span className="size-name">{t === 0 ? 'No tip' : money(t)}</span>
                </label>
              ))}
            </div>
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
    </div>
  );
}

/** spec 5: stale pricing on submit (or after 5 minutes): the message with a Refresh button that prices again */
function StaleNotice({ actor }: { actor: PlaceOrderActor }) {
  return (
    <div className="order-notice order-notice--warn" role="alert">
      <p>{OrderingTexts.stalePricing}</p>
      <button type="button" className="btn btn--primary btn--small" onClick={() => actor.send({ type: 'user.refresh' })}>
        Refresh
      </button>
    </div>
  );
}

/** Pickup time: as soon as possible, or one of the store's available 10-minute slots (up to one hour ahead). */
function PickupTime({ actor, id }: { actor: PlaceOrderActor; id: string }) {
  const slotStart = useSelector(actor, (s) => s.context.slotStart);
  const slots = useSelector(actor, (s) => s.context.slots);
  return (
    <div className="field">
      <label htmlFor={id}>Pickup time</label>
      <select id={id} value={slotStart ?? ''} onChange={(e) => actor.send({ type: 'user.selectSlot', slotStart: e.target.value || null })}>
        <option value="">As soon as possible</option>
        {slots
          .filter((x) => x.available)
          .map((x) => (
            <option key={x.slotStart} value={x.slotStart}>
              {x.label}
            </option>
          ))}
      </select>
    </div>
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
          <div className="size-options" role="radiogroup" aria-label="Reload amount">
            {c.reloadOptions.map((a) => (
              <label key={a} className="size-option">
                <input type="radio" name="reload" checked={c.reload?.amount === a} onChange={() => actor.send({ type: 'user.selectReload', amount: a })} />
                <span className="size-name">{money(a)}</span>
              </label>
            ))}
          </div>
        </>
      ) : (
        <p>{OrderingTexts.reloadNeedsMethod}</p>
      )}
    </fieldset>
  );
}
