import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { GIFT_MESSAGE_MAX, MAX_RECIPIENTS, type GiftCatalogProduct } from '../../../contracts/gift.ts';
import { GiftMessages, GiftTexts } from '../../../contracts/gift-messages.ts';
import { formatCents } from '../../../contracts/card-fields.ts';
import type { giftFormMachine } from '../../../machines/gift-form.machine.ts';
import { giftSteps, giftTotal, stepTitles } from '../../../machines/gift-form-rules.ts';
import type { giftPaymentMachine } from '../../../machines/gift-payment.machine.ts';
import type { giftPurchaseMachine } from '../../../machines/gift-purchase.machine.ts';
import { ErrorAlert } from '../shared/blocks.tsx';
import { TextField } from '../shared/form.tsx';
import { Dialog } from '../shell/Dialog.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import { GiftPaymentModal } from './GiftPaymentModal.tsx';
import './gifting.css';

type FormActor = ActorRefFrom<typeof giftFormMachine>;
const text = (key: string | undefined) => (key ? GiftMessages[key as keyof typeof GiftMessages] : undefined);

/**
 * /gift/{productNumber} (spec 3 sections 2–5; docs/gifting.md 1, 2.2): the design large, the category's designs to
 * switch between (`designs`, from the catalog; a radio group on the first step), the form in steps ('Step n of 3'
 * signed in, 'Step n of 2' otherwise), the live total, the #payment modal and the 170046 dialog. Renders the
 * giftForm snapshot and sends its events, nothing else.
 */
export function GiftFormView({ actor, designs = [] }: { actor: FormActor; designs?: readonly GiftCatalogProduct[] }) {
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  if (state.matches('loading') || state.matches('starting') || state.matches('notFound') || state.matches('addingPayment') || state.matches('confirmed')) return <PageLoading />;
  const steps = giftSteps(c.signedIn);
  const step = state.matches({ editing: 'recipients' }) ? 2 : state.matches('editing') ? 1 : steps.length;
  const stepName = steps[step - 1]!;
  const total = giftTotal(c.formData, c.config);
  const f = c.formData;
  const err = (field: string) => text(c.errors[field]);
  const modalOpen = state.matches('payment') || state.matches('purchasing') || state.matches('purchaseFailed');
  const showAmount = state.matches({ editing: 'amount' }) || state.matches({ editing: 'details' }) || modalOpen;
  const showRecipients = state.matches({ editing: 'recipients' }) || state.matches({ editing: 'details' }) || modalOpen || state.matches('duplicateRecipient');
  return (
    <div className="gift-page gift-form-page">
      <h1>{c.product?.altText ?? 'eGift'}</h1>
      {c.product ? <img className="gift-form-art" src={c.product.largeImageUrl} alt={c.product.altText} width={600} height={380} /> : null}
      <p className="gift-step">
        {GiftTexts.stepOf(step, steps.length)}: {stepTitles[stepName]}
      </p>
      <form
        noValidate
        className="gift-form"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'user.next' });
        }}
      >
        {err('productNumber') ? <ErrorAlert message={err('productNumber')} /> : null}
        {showAmount && !state.matches({ editing: 'recipients' }) ? (
          <>
            {designs.length > 1 && c.product ? (
              <fieldset className="gift-designs-switch">
                <legend>Design</legend>
                {designs.map((d) => (
                  <label key={d.productNumber} className="gift-design-choice">
                    <input
                      type="radio"
                      name="design"
                      value={d.productNumber}
                      checked={f.productNumber === d.productNumber}
                      onChange={() => c.product && actor.send({ type: 'user.chooseDesign', product: { ...d, categoryUrn: c.product.categoryUrn, available: true } })}
                    />
                    <img src={d.largeImageUrl} alt="" width={120} height={76} /> <span>{d.altText}</span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <fieldset className="gift-amounts">
              <legend>Amount</legend>
              {c.config.giftAmountOptions.map((cents) => (
                <label key={cents} className="gift-amount">
                  <input type="radio" name="amount" value={cents} checked={f.amount === cents} onChange={() => actor.send({ type: 'user.chooseAmount', amount: cents })} /> {formatCents(cents)}
                </label>
              ))}
              <label className="gift-amount">
                <input type="radio" name="amount" value="custom" checked={f.amount === 'custom'} onChange={() => actor.send({ type: 'user.chooseAmount', amount: 'custom' })} /> Custom
              </label>
            </fieldset>
            {f.amount === 'custom' ? (
              <TextField name="customAmount" label="Custom amount (dollars)" inputMode="numeric" value={f.customAmount} error={err('amount')} onChange={(e) => actor.send({ type: 'user.changeCustomAmount', value: e.target.value })} />
            ) : err('amount') ? (
              <ErrorAlert message={err('amount')} />
            ) : null}
            <div className="field">
              <label htmlFor="gift-message">Message (optional)</label>
              <textarea id="gift-message" name="message" maxLength={GIFT_MESSAGE_MAX} value={f.message} aria-invalid={err('message') ? true : undefined} onChange={(e) => actor.send({ type: 'user.changeMessage', message: e.target.value })} />
              {err('message') ? <p className="field-error">{err('message')}</p> : null}
            </div>
          </>
        ) : null}
        {showRecipients && !state.matches({ editing: 'amount' }) ? (
          <>
            <TextField name="senderName" label="Your name" autoComplete="name" value={f.senderName} error={err('senderName')} onChange={(e) => actor.send({ type: 'user.changeSender', senderName: e.target.value })} />
            <TextField name="senderEmail" label="Your email" type="email" autoComplete="email" value={f.senderEmail} error={err('senderEmail')} onChange={(e) => actor.send({ type: 'user.changeSender', senderEmail: e.target.value })} />
            {f.recipients.map((r, i) => (
              <fieldset key={r.id} className="gift-recipient">
                <legend>Recipient {i + 1}</legend>
                <TextField name={`recipientName${i + 1}`} label="Recipient name" value={r.recipientName} error={err(`recipientName${i + 1}`)} onChange={(e) => actor.send({ type: 'user.changeRecipient', id: r.id, recipientName: e.target.value })} />
                <TextField name={`recipientEmail${i + 1}`} label="Recipient email" type="email" value={r.recipientEmail} error={err(`recipientEmail${i + 1}`)} onChange={(e) => actor.send({ type: 'user.changeRecipient', id: r.id, recipientEmail: e.target.value })} />
                {f.recipients.length > 1 ? (
                  <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.removeRecipient', id: r.id })}>
                    Remove recipient {i + 1}
                  </button>
                ) : null}
              </fieldset>
            ))}
            {f.recipients.length < MAX_RECIPIENTS ? (
              <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.addRecipient' })}>
                Add a recipient
              </button>
            ) : null}
          </>
        ) : null}
        <p className="gift-total" aria-live="polite">
          Total: {formatCents(total)} ({c.numberOfRecipients} × {f.amount === 'custom' ? 'custom amount' : formatCents(f.amount)})
        </p>
        <div className="gift-form-actions">
          {state.matches({ editing: 'recipients' }) ? (
            <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.back' })}>
              Back
            </button>
          ) : null}
          <button type="submit" className="btn btn--primary">
            Next
          </button>
        </div>
      </form>
      {state.matches('processing') ? (
        <div role="status" className="gift-processing">
          <p>{GiftMessages.giftProcessing}</p>
          {c.signedIn ? <Link to="/account/history/egift">{GiftTexts.historyTitle}</Link> : null}
        </div>
      ) : null}
      {modalOpen ? (
        <GiftPaymentModal
          payment={state.children.payment as ActorRefFrom<typeof giftPaymentMachine> | undefined}
          purchase={state.children.purchase as ActorRefFrom<typeof giftPurchaseMachine> | undefined}
          failure={state.matches('purchaseFailed') ? (c.giftError?.message ?? GiftMessages.generic) : null}
          total={total}
          onClose={() => actor.send({ type: 'user.closePayment' })}
          onRetry={() => actor.send({ type: 'user.retry' })}
        />
      ) : null}
      <Dialog
        open={state.matches('duplicateRecipient')}
        title={GiftMessages.giftDuplicateHeading}
        onClose={() => actor.send({ type: 'user.dismissDuplicate' })}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.dismissDuplicate' })}>
            {GiftMessages.giftDuplicateAction}
          </button>
        }
      >
        <p>{GiftMessages.giftDuplicateBody}</p>
      </Dialog>
    </div>
  );
}
