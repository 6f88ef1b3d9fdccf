import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithRouter } from '../../test/account-harness.tsx';
import { GiftConfirmationView } from './GiftConfirmationView.tsx';

/** /gift/confirmation shows the spec's confirmation fields (spec 3 section 3 "Purchase confirmation"). */
describe('GiftConfirmationView', () => {
  it('amount, delivery method, message, recipients and their number, total, design and order number', async () => {
    renderWithRouter(
      <GiftConfirmationView
        confirmation={{
          amount: 4000,
          deliveryMethod: 'EMAIL',
          message: 'Cheers',
          numberOfRecipients: 2,
          product: '11000001',
          totalAmount: 8000,
          requestId: 'page-1-0',
          orderNumber: 'G00000000042',
          recipients: [
            { recipientName: 'Sam', recipientEmail: 'sam@example.com' },
            { recipientName: 'Kim', recipientEmail: 'kim@example.com' },
          ],
          altText: 'Birthday eGift: balloons',
          largeImageUrl: '/gift/art/birthday-balloons.svg',
        }}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your eGift is on its way' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Birthday eGift: balloons' }).getAttribute('src')).toBe('/gift/art/birthday-balloons.svg');
    const fields = [...document.querySelectorAll('.gift-confirmation-fields dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(fields).toEqual(['Order number: G00000000042', 'Amount: $40.00', 'Delivery: Email', 'Message: Cheers', 'Number of recipients: 2', 'Total: $80.00']);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sam (sam@example.com)', 'Kim (kim@example.com)']);
    expect(screen.getByRole('link', { name: 'Send another eGift' }).getAttribute('href')).toBe('/gift');
  });
});
