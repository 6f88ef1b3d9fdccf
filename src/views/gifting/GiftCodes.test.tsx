import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { statusWithText } from '../../services/gifting/gift.api.ts';
import { callGift } from '../../services/gifting/gift-errors.ts';
import { renderWithRouter } from '../../test/account-harness.tsx';
import { GiftFormView } from './GiftFormView.tsx';
import { startForm, statusOf } from './gift-view-fixtures.ts';

/**
 * Every gift code of docs/gifting.md 3.9 shown on the gift page with its text as a literal, through the real error
 * path: a refused POST through `callGift` (the gift catalogue; the server sent no text), an async code through the
 * status answer (`statusWithText`). 170046 has its own dialog (GiftFormView.test.tsx).
 */
const kept = {
  productNumber: '11000001',
  formData: { productNumber: '11000001', senderName: 'Avery Demo', senderEmail: 'demo@example.com', amount: 2500, customAmount: '', message: '', recipients: [{ id: 'r1', recipientName: 'Sam', recipientEmail: 'sam@example.com' }] },
  numberOfRecipients: 1,
  selectedPaymentInstrumentId: 'pm_1',
};
// what the API client rejects with when the server sends a code and no text
const refused = (status: number, code: string) => callGift(Promise.reject(Object.assign(new Error(''), { name: 'ApiRequestError', status, code, body: { code, message: '' } })));

const sync: Array<[string, number, string]> = [
  ['GIFT_DELIVERY_METHOD', 422, 'The delivery method must be an email or a Facebook account.'],
  ['GIFT_UNABLE_TO_SEND', 422, "We couldn't send your gift. Check the recipient info and try again."],
  ['GIFT_CARD_ART_UNAVAILABLE', 422, 'This card design is unavailable. Choose another design.'],
  ['GIFT_ADDRESS_UNAVAILABLE', 422, "We couldn't find the billing address for this payment method. Edit it or choose another."],
  ['GIFT_BILLING_ADDRESS', 422, "There's a problem with your billing address. Enter it again."],
  ['GIFT_ORDER_FAILED', 422, "Your order didn't go through and you weren't charged. Try again or use another payment method."],
  ['UNEXPECTED_ERROR', 500, 'Something went wrong. Please try again.'],
];
const async: Array<[string, string]> = [
  ['GIFT_PAYMENT_METHOD', "There's a problem with your payment method. Choose another one or try again."],
  ['GIFT_ORDER_FAILED', "Your order didn't go through and you weren't charged. Try again or use another payment method."],
  ['GIFT_EXPIRED_CARD', 'Your card may have expired. Choose another payment method.'],
  ['GIFT_PLACEMENT_FAILED', "We couldn't place your order. Please try again."],
];

async function buy(opts: Parameters<typeof startForm>[0]) {
  const { actor } = startForm({ ...opts, input: { restored: kept, openPayment: true } });
  renderWithRouter(<GiftFormView actor={actor} />);
  const user = userEvent.setup();
  await user.click(within(await screen.findByRole('dialog', { name: 'Choose payment' })).getByRole('button', { name: 'Buy' }));
  return user;
}

describe('gift codes on the gift page (docs/gifting.md 3.9)', () => {
  for (const [code, status, text] of sync)
    it(`${code} (sync ${status}): '${text}' with Try again`, async () => {
      const user = await buy({ signedIn: true, purchase: () => refused(status, code) });
      const dialog = within(await screen.findByRole('dialog', { name: 'Choose payment' }));
      expect(await dialog.findByText(text)).toBeTruthy();
      await user.click(dialog.getByRole('button', { name: 'Try again' }));
      expect(within(screen.getByRole('dialog', { name: 'Choose payment' })).getByRole('button', { name: 'Buy' })).toBeTruthy();
    });
  for (const [code, text] of async)
    it(`${code} (async, from the status): '${text}'`, async () => {
      await buy({ signedIn: true, statuses: [async () => statusWithText(statusOf(code))] });
      expect(await screen.findByText(text)).toBeTruthy();
    });
  it("PAYMENT_TOKEN_EXPIRED (guest, sync 410): 'Your card details timed out. Please enter them again.' and payment is offered again", async () => {
    const guestPayment = {
      status: 'fresh' as const,
      card: { token: 'tok_single_12345678', brand: 'visa' as const, lastFour: '4242', expMonth: 12, expYear: 2030, createdAt: new Date().toISOString() },
      address: { addressToken: 'adt_12345678', address: { firstName: 'Gia', lastName: 'Guest', postalCode: '98101' } },
    };
    const { actor } = startForm({ signedIn: false, purchase: () => refused(410, 'PAYMENT_TOKEN_EXPIRED'), input: { restored: kept, openPayment: true, guestPayment } });
    renderWithRouter(<GiftFormView actor={actor} />);
    const user = userEvent.setup();
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose payment' }));
    expect(dialog.getByText('VISA •••• 4242 — Gia Guest, 98101')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Buy' }));
    expect(await within(screen.getByRole('dialog', { name: 'Choose payment' })).findByText('Your card details timed out. Please enter them again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeTruthy();
  });
  it("zero-retries: EPROMISERETRY is recorded and the page says the gift is still being processed", async () => {
    const { actor } = startForm({ signedIn: true, statuses: [async () => statusOf('EPROMISERETRY')], input: { restored: kept, openPayment: true, zeroRetries: true } });
    renderWithRouter(<GiftFormView actor={actor} />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('dialog', { name: 'Choose payment' })).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText("Your gift is still being processed. We'll email you a receipt when it's sent.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gift history' }).getAttribute('href')).toBe('/account/history/egift');
  });
});
