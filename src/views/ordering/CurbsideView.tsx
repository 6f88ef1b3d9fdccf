import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { OrderingTexts, curbsideStoreLine } from '../../../contracts/ordering-texts.ts';
import { OrderStatusLinkTexts } from '../../../contracts/order-status-link-texts.ts';
import type { curbsideMachine } from '../../../machines/curbside.machine.ts';
import './ordering.css';
import { ChoiceTile, ChoiceTiles } from '../shared/ChoiceTiles.tsx';

export type CurbsideActor = ActorRefFrom<typeof curbsideMachine>;

/**
 * /pickup/curbside: the store being checked into, first name (when missing), parking spot 1..N, check in. Closed:
 * the next step and the way back to the order; an order the server cannot find: how to find it (issue 30).
 */
export function CurbsideView({ actor, storeName = null }: { actor: CurbsideActor; storeName?: string | null }) {
  const s = useSelector(actor, (x) => x);
  const [name, setName] = useState('');
  const c = s.context;
  return (
    <section className="page order-page">
      <h1>Curbside check-in</h1>
      {storeName && !s.matches('notFound') ? <p className="curbside-store">{curbsideStoreLine(storeName)}</p> : null}
      {s.matches('unavailable') ? <p className="order-notice order-notice--warn" role="status">{OrderingTexts.curbsideUnavailable}</p> : null}
      {s.matches('closed') ? (
        <>
          <p className="order-notice order-notice--warn" role="status">
            {OrderingTexts.curbsideClosed}
          </p>
          <p>{OrderingTexts.curbsideClosedNext}</p>
          {c.orderId ? (
            <p>
              <Link className="btn btn--primary" to="/menu/order/$orderId" params={{ orderId: c.orderId }} {...(c.orderToken ? { hash: `token=${c.orderToken}` } : {})}>
                {OrderStatusLinkTexts.trackYourOrder}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {s.matches('notFound') ? <NoOrder /> : null}
      {s.matches('askingName') ? (
        <form
          className="choice-group"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.setName', firstName: name });
          }}
        >
          <div className="field">
            <label htmlFor="curbside-name">First name</label>
            <input id="curbside-name" autoComplete="given-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <button type="submit" className="btn btn--primary">
            Continue
          </button>
        </form>
      ) : null}
      {s.matches('idle') || s.matches('loading') ? (
        <form
          className="choice-group"
          aria-busy={s.matches('loading')}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.submit' });
          }}
        >
          <p>
            Hi {c.firstName}, which spot are you parked in?
          </p>
          <fieldset className="choice-group" aria-describedby={c.error === 'selectParkingSpot' ? 'stall-error' : undefined}>
            <legend>Parking spot</legend>
            <ChoiceTiles>
              {Array.from({ length: c.stallQuantity }, (_, i) => i + 1).map((n) => (
                <ChoiceTile key={n} name="stall" checked={c.stallNumber === n} onChange={() => actor.send({ type: 'user.selectStall', stallNumber: n })} label={n} />
              ))}
            </ChoiceTiles>
          </fieldset>
          {c.error ? (
            <p id="stall-error" className="order-notice order-notice--error" role="alert">
              {OrderingTexts[c.error]}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary add-button" disabled={s.matches('loading')}>
            {s.matches('loading') ? 'Checking in…' : "I'm here"}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** no order to check in: say so, and how to find it (the confirmation email, Previous orders), or order ahead */
function NoOrder() {
  return (
    <>
      <p className="order-notice order-notice--warn" role="status">
        {OrderingTexts.curbsideNoOrder}
      </p>
      <p>{OrderingTexts.curbsideFindOrder}</p>
      <p className="curbside-actions">
        <Link to="/menu/previous" className="btn btn--primary">
          Previous orders
        </Link>{' '}
        <Link to="/menu" className="btn btn--ghost">
          Order ahead
        </Link>
      </p>
    </>
  );
}

export function CurbsideMissingOrderView() {
  return (
    <section className="page order-page">
      <h1>Curbside check-in</h1>
      <NoOrder />
    </section>
  );
}
