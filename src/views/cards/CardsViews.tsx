import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CardMessages, formatCents, groupCardNumber, type Card } from '../../../contracts/cards.ts';
import type { cardsMachine } from '../../../machines/cards.machine.ts';
import type { barcodePayMachine } from '../../../machines/barcode-pay.machine.ts';
import type { addMoneyMachine } from '../../../machines/add-money.machine.ts';
import type { autoReloadMachine } from '../../../machines/auto-reload.machine.ts';
import type { addCardMachine } from '../../../machines/add-card.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountPage, ErrorAlert, LoadFailed } from '../account/blocks.tsx';
import { CheckboxField, SubmitButton, TextField, useFocusFirstError, useFormRef } from '../account/form.tsx';
import '../account/account.css';
import './cards.css';

/**
 * Card views (spec 2 §2 Cards): they render machine snapshots and send events, nothing else.
 * Overlays (#pay, #add-money, #auto-reload) are modal dialogs opened by the URL hash (the route decides).
 */

export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="cards-backdrop">
      <div className="cards-modal" role="dialog" aria-modal="true" aria-labelledby="cards-modal-title" tabIndex={-1} ref={ref}>
        <div className="cards-modal__head">
          <h2 id="cards-modal-title">{title}</h2>
          <button type="button" className="btn btn--ghost" onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

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
    <AccountPage heading={cardId ? (shown[0]?.nickname ?? 'Card') : 'Cards'} wide>
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

export function BarcodeOverlay({ actor }: { actor: ActorRefFrom<typeof barcodePayMachine> }) {
  const s = useSelector(actor, (x) => x);
  const close = () => actor.send({ type: 'user.close' });
  const number = groupCardNumber(s.context.cardNumber);
  return (
    <Modal title="Scan to pay" onClose={close}>
      {s.hasTag('loading') || s.hasTag('redirecting') ? (
        <p role="status">Loading your barcode…</p>
      ) : s.matches('failed') ? (
        <div role="alert">
          <p>{s.context.error}</p>
          <p className="cards-number">{number}</p>
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        </div>
      ) : s.context.uri ? (
        <figure className="cards-barcode">
          <img src={s.context.uri} alt={`Barcode for card ${number}`} />
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
  return (
    <Modal title="Add money" onClose={() => actor.send({ type: 'user.close' })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'user.submit' });
        }}
      >
        <ErrorAlert message={error} />
        <fieldset>
          <legend>Amount</legend>
          {options.map((o) => (
            <label key={o} className="cards-choice">
              <input type="radio" name="amount" value={o} checked={amount === o} onChange={() => actor.send({ type: 'user.selectAmount', amount: o })} /> {formatCents(o)}
            </label>
          ))}
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
            <label htmlFor="ar-amount">Reload amount ($)</label>
            <input id="ar-amount" list="ar-amounts" inputMode="decimal" value={amount} aria-invalid={!!fieldErrors.amount} aria-describedby={fieldErrors.amount ? 'ar-amount-error' : undefined} onChange={(e) => actor.send({ type: 'user.setAmount', amount: e.target.value })} />
            <datalist id="ar-amounts">{amountOptions.map((o) => <option key={o} value={(o / 100).toFixed(2)} />)}</datalist>
            {fieldErrors.amount ? <p id="ar-amount-error" className="field-error">{fieldErrors.amount}</p> : null}
            <label htmlFor="ar-trigger">When the balance falls below ($)</label>
            <input id="ar-trigger" list="ar-triggers" inputMode="decimal" value={triggerAmount} aria-invalid={!!fieldErrors.triggerAmount} onChange={(e) => actor.send({ type: 'user.setTrigger', triggerAmount: e.target.value })} />
            <datalist id="ar-triggers">{triggerOptions.map((o) => <option key={o} value={(o / 100).toFixed(2)} />)}</datalist>
            {fieldErrors.triggerAmount ? <p className="field-error">{fieldErrors.triggerAmount}</p> : null}
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

export function AddCardView({ actor }: { actor: ActorRefFrom<typeof addCardMachine> }) {
  const s = useSelector(actor, (x) => x);
  const { fieldErrors, error, errorAction, added } = s.context;
  const form = useFormRef();
  useFocusFirstError(form, fieldErrors);
  const busy = s.hasTag('loading');
  if (s.matches('askingKeepOrRemove') || s.matches('removing')) {
    return (
      <AccountPage heading="Add a card">
        <Modal title="This card has no money on it" onClose={() => actor.send({ type: 'user.keep' })}>
          <p>Balance {formatCents(added?.card.balance.amount ?? 0)}. Keep the card in your account or remove it?</p>
          <p>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => actor.send({ type: 'user.keep' })}>
              Keep card
            </button>{' '}
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => actor.send({ type: 'user.remove' })}>
              Remove card
            </button>
          </p>
        </Modal>
      </AccountPage>
    );
  }
  return (
    <AccountPage heading="Add a card">
      <section className="account-card">
        <ErrorAlert message={error} />
        {errorAction && errorAction.to === '/account/cards/add' ? <p>{errorAction.label}</p> : null}
        <form
          ref={form}
          aria-label="Register a card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            actor.send({ type: 'user.submit', form: { cardNumber: String(f.get('cardNumber') ?? ''), securityCode: String(f.get('securityCode') ?? ''), transferCard: f.get('transferCard') === 'on', makePrimary: f.get('makePrimary') === 'on' } });
          }}
        >
          <TextField name="cardNumber" label="Card number" inputMode="numeric" autoComplete="off" maxLength={19} hint="16 digits, on the back of the card." error={fieldErrors.cardNumber} />
          <TextField name="securityCode" label="Security code" inputMode="numeric" autoComplete="off" maxLength={8} hint="8 digits, under the scratch-off strip." error={fieldErrors.securityCode} />
          <CheckboxField name="transferCard" label="Move this card's balance to my primary card" />
          <CheckboxField name="makePrimary" label="Make this my primary card" />
          <SubmitButton loading={busy && !s.context.digital}>Add card</SubmitButton>
        </form>
        <p>
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => actor.send({ type: 'user.getDigital' })}>
            Get a digital card instead
          </button>
        </p>
        <p>
          <a href="/account/cards">Back to cards</a>
        </p>
      </section>
    </AccountPage>
  );
}
