import { Link } from '@tanstack/react-router';
import { GiftTexts } from '../../../contracts/gift-messages.ts';
import { formatCents } from '../../../contracts/card-fields.ts';
import type { GiftConfirmation } from '../../../machines/gift-form.machine.ts';
import './gifting.css';

/**
 * /gift/confirmation (spec 3 section 2 "footer hidden", section 3 "Purchase confirmation"): amount, delivery method,
 * message, recipients, their number, total, the design and the order number. Renders what the purchase stored.
 */
export function GiftConfirmationView({ confirmation: c }: { confirmation: GiftConfirmation }) {
  return (
    <div className="gift-page gift-confirmation">
      <h1>{GiftTexts.confirmationTitle}</h1>
      <img className="gift-form-art" src={c.largeImageUrl} alt={c.altText} width={600} height={380} />
      <dl className="gift-confirmation-fields">
        <dt>Order number</dt>
        <dd>{c.orderNumber}</dd>
        <dt>Amount</dt>
        <dd>{formatCents(c.amount)}</dd>
        <dt>Delivery</dt>
        <dd>{c.deliveryMethod === 'EMAIL' ? GiftTexts.deliveryEmail : c.deliveryMethod}</dd>
        {c.message ? (
          <>
            <dt>Message</dt>
            <dd>{c.message}</dd>
          </>
        ) : null}
        <dt>Number of recipients</dt>
        <dd>{c.numberOfRecipients}</dd>
        <dt>Total</dt>
        <dd>{formatCents(c.totalAmount)}</dd>
      </dl>
      <h2>Recipients</h2>
      <ul className="gift-confirmation-recipients">
        {c.recipients.map((r) => (
          <li key={r.recipientEmail + r.recipientName}>
            {r.recipientName} ({r.recipientEmail})
          </li>
        ))}
      </ul>
      <Link to="/gift">Send another eGift</Link>
    </div>
  );
}
