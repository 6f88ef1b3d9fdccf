import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import type { curbsideMachine } from '../../../machines/curbside.machine.ts';
import './ordering.css';
import { ChoiceTile, ChoiceTiles } from '../shared/ChoiceTiles.tsx';

export type CurbsideActor = ActorRefFrom<typeof curbsideMachine>;

/** /pickup/curbside: first name (when missing), parking spot 1..N, check in. */
export function CurbsideView({ actor }: { actor: CurbsideActor }) {
  const s = useSelector(actor, (x) => x);
  const [name, setName] = useState('');
  const c = s.context;
  return (
    <section className="page order-page">
      <h1>Curbside check-in</h1>
      {s.matches('unavailable') ? <p className="order-notice order-notice--warn" role="status">{OrderingTexts.curbsideUnavailable}</p> : null}
      {s.matches('closed') ? <p className="order-notice order-notice--warn" role="status">{OrderingTexts.curbsideClosed}</p> : null}
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

export function CurbsideMissingOrderView() {
  return (
    <section className="page order-page">
      <h1>Curbside check-in</h1>
      <p className="order-notice order-notice--warn">{OrderingTexts.curbsideError}</p>
      <Link to="/menu" className="btn btn--primary">
        Order ahead
      </Link>
    </section>
  );
}
