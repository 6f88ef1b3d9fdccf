import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatCents, PaymentFormMessages, type Card } from '../../../contracts/cards.ts';
import type { transferMachine } from '../../../machines/transfer.machine.ts';
import { AccountPage, ErrorAlert, FormActions } from '../shared/blocks.tsx';
import { TextField } from '../shared/form.tsx';
import '../shared/page.css';
import './cards.css';

/**
 * /account/cards/transfer: moving a balance between cards (spec 2 §2 Cards). Snapshots in, events out, no fetch;
 * design choices where the spec shows nothing: docs/cards.md. One module per page's view, so each payment page
 * loads only its own (docs/architecture.md#performance).
 */

const cardName = (c: Card | undefined) => (c ? `${c.nickname} •••• ${c.lastFour}` : '');
const STEPS: Record<string, number> = { choosingSource: 1, choosingTarget: 2, choosingAmount: 3, confirming: 4, transferring: 4, failed: 4 };

export function TransferView({ actor }: { actor: ActorRefFrom<typeof transferMachine> }) {
  const s = useSelector(actor, (x) => x);
  const { cards, sourceCardId, targetCardId, amount, error, errorAction, result } = s.context;
  const source = cards.find((c) => c.cardId === sourceCardId);
  const target = cards.find((c) => c.cardId === targetCardId);
  const step = STEPS[String(s.value)];
  const busy = s.hasTag('loading');
  const back = (
    <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.back' })}>
      Back
    </button>
  );
  const choose = (legend: string, list: Card[], event: 'user.chooseSource' | 'user.chooseTarget', checked: string | null, withBack: boolean) => (
    <form
      noValidate
      aria-label={legend}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: event, cardId: String(new FormData(e.currentTarget).get('card') ?? '') });
      }}
    >
      <fieldset>
        <legend>{legend}</legend>
        {list.map((c) => (
          <label key={c.cardId} className="cards-option">
            <input type="radio" name="card" value={c.cardId} defaultChecked={c.cardId === checked} /> {cardName(c)}: {formatCents(c.balance.amount)}
          </label>
        ))}
      </fieldset>
      <FormActions>
        <button type="submit" className="btn btn--primary">
          Next
        </button>
        {withBack ? back : null}
      </FormActions>
    </form>
  );
  return (
    <AccountPage heading="Transfer balance">
      <section className="account-card">
        {step ? <p className="account-subheading">Step {step} of 4</p> : null}
        {s.matches('failed') ? null : <ErrorAlert message={error} />}
        {s.matches('unavailable') ? (
          <>
            <p>{PaymentFormMessages.noTransferSource}</p>
            <p>
              <Link to="/account/cards/add">Add a card</Link>
            </p>
          </>
        ) : null}
        {s.matches('choosingSource') ? choose('From which card?', cards.filter((c) => c.status === 'active' && c.balance.amount > 0), 'user.chooseSource', sourceCardId, false) : null}
        {s.matches('choosingTarget') ? choose('To which card?', cards.filter((c) => c.status === 'active' && c.cardId !== sourceCardId), 'user.chooseTarget', targetCardId, true) : null}
        {s.matches('choosingAmount') ? (
          <form
            noValidate
            aria-label="Amount"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'user.setAmount', amount: String(new FormData(e.currentTarget).get('amount') ?? '') });
            }}
          >
            <TextField name="amount" label="Amount ($)" inputMode="decimal" defaultValue={amount !== null ? (amount / 100).toFixed(2) : ''} hint={`Leave empty to move the whole balance (${formatCents(source?.balance.amount ?? 0)}).`} />
            <FormActions>
              <button type="submit" className="btn btn--primary">
                Next
              </button>
              {back}
            </FormActions>
          </form>
        ) : null}
        {s.matches('confirming') || s.matches('transferring') ? (
          <>
            <p>
              Transfer {amount !== null ? formatCents(amount) : `the whole balance (${formatCents(source?.balance.amount ?? 0)})`} from {cardName(source)} to {cardName(target)}?
            </p>
            <FormActions>
              {!busy ? (
                <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.chooseOther' })}>
                  {errorAction ?? 'Start over'}
                </button>
              ) : null}
              <button type="button" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => actor.send({ type: 'user.confirm' })}>
                Transfer
              </button>
              {busy ? null : back}
            </FormActions>
          </>
        ) : null}
        {s.matches('failed') ? (
          <div role="alert">
            <p>{error}</p>
            <FormActions>
              {source ? (
                <Link className="btn btn--ghost" to="/account/cards/$cardId" params={{ cardId: source.cardId }}>
                  {errorAction}
                </Link>
              ) : null}
              <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
                Try again
              </button>
            </FormActions>
          </div>
        ) : null}
        {s.matches('done') && result ? (
          <div role="status">
            <p>{s.context.notice}</p>
            <ul>
              <li>
                {cardName(source)}: {formatCents(result.source.balance)}
              </li>
              <li>
                {cardName(target)}: {formatCents(result.target.balance)}
              </li>
            </ul>
          </div>
        ) : null}
        <p>
          <Link to="/account/cards">Back to cards</Link>
        </p>
      </section>
    </AccountPage>
  );
}
