import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatCents } from '../../../contracts/cards.ts';
import type { addCardMachine } from '../../../machines/add-card.machine.ts';
import { AccountPage, ErrorAlert } from '../shared/blocks.tsx';
import { CheckboxField, SubmitButton, TextField, useFocusFirstError, useFormRef } from '../shared/form.tsx';
import { Modal } from './Modal.tsx';
import '../shared/page.css';
import './cards.css';

/** /account/cards/add (spec 2 §2 Cards): registering a physical card, or getting a digital one. */
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
        {errorAction?.to === '/account/cards/add' ? (
          // 121034 Register this card, 121037 Add it back (spec 2 section 8): a link to a fresh add form
          <p>
            <a href="/account/cards/add">{errorAction.label}</a>
          </p>
        ) : null}
        {errorAction?.to === 'retry' ? (
          // 121000-121002, 121017, 122000: Try again empties the form and starts it over at the card number
          <p>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                form.current?.reset();
                actor.send({ type: 'user.retry' });
                form.current?.querySelector<HTMLInputElement>('input[name="cardNumber"]')?.focus();
              }}
            >
              {errorAction.label}
            </button>
          </p>
        ) : null}
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
