import { afterEach, describe, expect, it } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { Route } from '../gift.confirmation.tsx';
import { storeGiftConfirmation } from '../../services/gifting/gift-confirmation-storage.ts';

/**
 * /gift/confirmation without a stored confirmation goes back to /gift (docs/gifting.md 1). The check is the route's
 * loader, which travels with the page's chunk, not a `beforeLoad` in the entry (issue 32, docs/architecture.md#performance).
 */
const runLoader = () => (Route.options.loader as () => unknown)();

describe('/gift/confirmation', () => {
  afterEach(() => sessionStorage.clear());

  it('redirects to /gift (replacing the entry) when this tab stored no confirmation', () => {
    let thrown: unknown;
    try {
      runLoader();
    } catch (e) {
      thrown = e;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: { to: string; replace: boolean } }).options).toMatchObject({ to: '/gift', replace: true });
  });

  it('stays with a stored confirmation', () => {
    storeGiftConfirmation({
      amount: 2500,
      deliveryMethod: 'email',
      message: 'Happy birthday',
      numberOfRecipients: 1,
      product: 'Birthday Balloons',
      totalAmount: 2500,
      requestId: 'req_1',
      orderNumber: 'ord_1',
      recipients: [{ recipientName: 'Ann', recipientEmail: 'ann@example.com' }],
      altText: 'Balloons',
      largeImageUrl: '/gift/art/birthday-balloons.svg',
    });
    expect(runLoader()).toBeUndefined();
  });
});
