import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addPaymentPath, clearGuestPayment, readGuestAddress, readGuestCard, readGuestPayment, saveGuestAddress, saveGuestCard, subscribeGuestPayment } from './guest-payment.ts';

const t0 = Date.parse('2026-11-23T22:00:00Z');
const card = { token: 'tok_single_12345678', brand: 'visa' as const, lastFour: '4242', expMonth: 12, expYear: 2030, createdAt: new Date(t0).toISOString() };
const address = { addressToken: 'adt_1', expiresAt: new Date(t0 + 3600_000).toISOString(), address: { firstName: 'Ana', lastName: 'Silva', phoneNumber: null, addressLine1: '1 Main St', addressLine2: null, city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA' } };

describe('guest payment service (spec 2 section 9: guest payment token max age 300000 ms)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the single-use card for 5 minutes, then clears it and says expired once', () => {
    saveGuestCard(card);
    expect(readGuestCard(t0 + 299_999)).toEqual({ status: 'fresh', card });
    expect(readGuestCard(t0 + 300_000)).toEqual({ status: 'expired' });
    expect(sessionStorage.getItem('harbor.guestPayment.card')).toBeNull();
    expect(readGuestCard(t0)).toEqual({ status: 'none' });
  });

  it('keeps nothing but the token, brand, last four and expiry; in sessionStorage only', () => {
    saveGuestCard(card);
    expect(Object.keys(JSON.parse(sessionStorage.getItem('harbor.guestPayment.card')!)).sort()).toEqual(['brand', 'createdAt', 'expMonth', 'expYear', 'lastFour', 'token']);
    expect(localStorage.length).toBe(0);
  });

  it('a checkout reads both tokens together, or nothing; clearGuestPayment empties it and tells subscribers', () => {
    const listener = vi.fn();
    const off = subscribeGuestPayment(listener);
    saveGuestCard(card);
    expect(readGuestPayment(t0 + 1000)).toBeNull();
    saveGuestAddress(address);
    expect(readGuestPayment(t0 + 1000)).toEqual({ card, address });
    expect(readGuestAddress(t0 + 3600_000)).toBeNull();
    clearGuestPayment();
    expect(readGuestPayment(t0)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    off();
  });

  it('spec 2 section 4 Payment selection: add payment goes to payment-method (member) or add billing address (guest)', () => {
    expect(addPaymentPath(true)).toBe('/account/payment-method');
    expect(addPaymentPath(false)).toBe('/account/payment-method/add/billing-address');
  });
});
