import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CardMessages } from '../../../contracts/cards.ts';
import type { paymentMethodsMachine } from '../../../machines/payment-methods.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountPage, ErrorAlert, LoadFailed } from '../shared/blocks.tsx';
import { methodLabel, expiry } from './payment-labels.ts';
import { Modal } from './Modal.tsx';
import '../shared/page.css';
import './cards.css';

/**
 * /account/payment-method: the saved payment methods (spec 2 §2 "Payment methods and addresses"). Snapshots in,
 * events out, no fetch; design choices where the spec shows nothing: docs/cards.md. One module per page's view, so
 * each payment page loads only its own (docs/architecture.md#performance).
 */

/** `returnUrl` (already same-origin): where a card added from here ends up (the gift form's #payment) */
export function PaymentMethodsView({ actor, returnUrl }: { actor: ActorRefFrom<typeof paymentMethodsMachine>; returnUrl?: string | undefined }) {
  const s = useSelector(actor, (x) => x);
  const { methods, error, targetId } = s.context;
  if (s.matches('loading')) return <PageLoading />;
  const busy = s.hasTag('loading');
  const target = methods.find((m) => m.paymentMethodId === targetId);
  return (
    <AccountPage heading="Payment methods" wide>
      {s.matches('loadFailed') ? (
        <LoadFailed error={error} onRetry={() => actor.send({ type: 'user.retry' })} />
      ) : (
        <>
          <ErrorAlert message={error} />
          {methods.length === 0 ? <p>{CardMessages.noPaymentMethods}</p> : null}
          <ul className="cards-methods">
            {methods.map((m) => {
              const label = methodLabel(m);
              const exp = expiry(m.expMonth, m.expYear);
              return (
                <li key={m.paymentMethodId} className="account-card">
                  <h2 className="cards-tile__name">{label}</h2>
                  {m.default ? <p className="cards-badge">Default</p> : null}
                  {exp ? <p>Expires {exp}</p> : null}
                  <div className="cards-actions">
                    {!m.default ? (
                      <button type="button" className="btn btn--ghost" disabled={busy} aria-label={`Make default ${label}`} onClick={() => actor.send({ type: 'user.makeDefault', paymentMethodId: m.paymentMethodId })}>
                        Make default
                      </button>
                    ) : null}
                    {m.paymentType !== 'paypal' ? (
                      <Link className="btn btn--ghost" to="/account/payment-method/edit/credit-card" search={{ paymentMethodId: m.paymentMethodId }} aria-label={`Edit ${label}`}>
                        Edit
                      </Link>
                    ) : null}
                    <button type="button" className="btn btn--ghost" disabled={busy} aria-label={`Remove ${label}`} onClick={() => actor.send({ type: 'user.remove', paymentMethodId: m.paymentMethodId })}>
                      Remove
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <section className="account-card" aria-labelledby="add-method-heading">
            <h2 id="add-method-heading">Add a payment method</h2>
            <div className="cards-actions">
              <Link className="btn btn--primary" to="/account/payment-method/add/billing-address" search={returnUrl ? { returnUrl } : {}}>
                Add a credit or debit card
              </Link>
              <Link className="btn btn--ghost" to="/account/payment-method/add/paypal">
                Add PayPal
              </Link>
            </div>
          </section>
          <p>
            <Link to="/account/cards">Back to cards</Link>
          </p>
        </>
      )}
      {(s.matches('confirmingRemove') || s.matches('removing')) && target ? (
        <Modal title={`Remove ${methodLabel(target)}?`} onClose={() => actor.send({ type: 'user.cancel' })}>
          <p>Auto reload that uses this payment method turns off.</p>
          <p>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => actor.send({ type: 'user.confirm' })}>
              Remove
            </button>{' '}
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => actor.send({ type: 'user.cancel' })}>
              Keep
            </button>
          </p>
        </Modal>
      ) : null}
    </AccountPage>
  );
}
