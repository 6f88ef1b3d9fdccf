import { useEffect, useState } from 'react';
import type * as PaymentSummaryChunk from './PaymentSummary.tsx';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Offer, PickupEstimateResponse, PickupOptionCode } from '../../../contracts/ordering.ts';
import { OrderingMessages } from '../../../contracts/ordering-messages.ts';
import { PICKUP_OPTION_NAMES } from '../../../contracts/ordering-rules.ts';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import { CheckoutTexts } from '../../../contracts/checkout-texts.ts';
import type { placeOrderMachine } from '../../../machines/place-order.machine.ts';
import { formatMoney } from '../../services/format.ts';
import { Spinner } from '../shell/Loading.tsx';
import './ordering.css';
import { ChoiceTile, ChoiceTiles } from '../shared/ChoiceTiles.tsx';

export type PlaceOrderActor = ActorRefFrom<typeof placeOrderMachine>;

/** the notice's text: an offer's own description, the store's stored-value-only text, or the catalogue's */
export function noticeTextOf(c: PlaceOrderActor extends { getSnapshot(): { context: infer C } } ? C : never, brand: string): string | null {
  const pricing = c.pricing;
  if (!c.notice) return null;
  if (c.notice === 'offerNotApplied') return pricing?.cart.offers.find((o) => !o.hasBeenApplied)?.description || OrderingTexts.offerNotApplied;
  if (c.notice === 'paymentNotAccepted' && pricing?.store.svcOnly) return OrderingMessages.svcOnly(brand);
  return OrderingTexts[c.notice];
}

type PaymentSummaryModule = typeof PaymentSummaryChunk;
let paymentSummary: PaymentSummaryModule | null = null;
/** the payment summary's chunk (tests load it first, so the modal renders at once) */
export function loadPaymentSummary(): Promise<PaymentSummaryModule> {
  return import('./PaymentSummary.tsx').then((m) => (paymentSummary = m));
}
/** the modal's component once its chunk is here; asks for it when `wanted` (the order is priced, or the hash opens it) */
function usePaymentSummary(wanted: boolean) {
  const [, loaded] = useState(0);
  useEffect(() => {
    if (wanted && !paymentSummary) void loadPaymentSummary().then(() => loaded((n) => n + 1));
  }, [wanted]);
  return paymentSummary?.PaymentSummary ?? null;
}

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
  const send = actor.send;
  const pickupCodes: PickupOptionCode[] = estimate?.options.filter((o) => o.available).map((o) => o.code) ?? ['16'];
  const noticeText = noticeTextOf(c, brand);
  const PaymentSummary = usePaymentSummary(!!pricing || summaryOpen);
  return (
    <div className="checkout">
      <fieldset className="choice-group">
        <legend>Pickup</legend>
        <ChoiceTiles>
          {pickupCodes.map((code) => {
            const wait = estimate?.options.find((o) => o.code === code)?.wait.label;
            return <ChoiceTile key={code} name="pickup" checked={c.pickupOption === code} onChange={() => send({ type: 'user.selectPickup', code })} label={PICKUP_OPTION_NAMES[code]} detail={wait} />;
          })}
        </ChoiceTiles>
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
                <p id="add-card-hint" className="summary-note">{CheckoutTexts.addCardHint}</p>
              </>
            ) : (
              <button type="button" className="btn btn--primary add-button" onClick={onOpenSummary}>
                Continue to payment
              </button>
            )}
          </>
        ) : null}
      </section>
      {/* the #payment-summary modal and the tip dialog: their own chunk, loaded once the order is priced (issue 30) */}
      {PaymentSummary ? <PaymentSummary actor={actor} brand={brand} open={summaryOpen} onClose={onCloseSummary} /> : null}
    </div>
  );
}

/** spec 5: stale pricing on submit (or after 5 minutes): the message with a Refresh button that prices again */
export function StaleNotice({ actor }: { actor: PlaceOrderActor }) {
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
export function PickupTime({ actor, id }: { actor: PlaceOrderActor; id: string }) {
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

