import type { PaymentMethod } from '../../../contracts/cards.ts';

/** Labels of payment methods and card expiries, shared by the payment-method list and the credit-card form. */
export const BRAND_LABEL: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', paypal: 'PayPal' };
/** "Visa •••• 4242", "PayPal buyer@example.com" */
export const methodLabel = (m: Pick<PaymentMethod, 'paymentType' | 'accountNumberLastFour' | 'accountEmail'>) =>
  m.paymentType === 'paypal' ? `PayPal${m.accountEmail ? ` ${m.accountEmail}` : ''}` : `${BRAND_LABEL[m.paymentType] ?? m.paymentType} •••• ${m.accountNumberLastFour}`;
export const expiry = (month: number | null, year: number | null) => (month && year ? `${String(month).padStart(2, '0')}/${year}` : null);
