import { describe, expect, it } from 'vitest';
import { PATHS, PATTERNS, pathTo } from '../app-paths.ts';

/** The builders fill their route patterns (the patterns themselves are checked against the route tree by tsc). */
const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/\$[A-Za-z]+/g, '[^/?#]+')}$`).test(path);

describe('machines/app-paths.ts', () => {
  it('each builder fills its pattern, encoding the parameter', () => {
    expect(pathTo.card('42')).toBe('/account/cards/42');
    // the tracker (docs/order-status.md 1): a guest's token only in the fragment
    expect(pathTo.orderStatus('ord_abcdefghij12')).toBe('/menu/order/ord_abcdefghij12');
    expect(pathTo.orderStatus('ord_abcdefghij12', 'ot_abc-_1')).toBe('/menu/order/ord_abcdefghij12#token=ot_abc-_1');
    expect(matches(PATTERNS.orderStatus, pathTo.orderStatus('ord_abcdefghij12'))).toBe(true);
    expect(pathTo.storeOrders('10003')).toBe('/store/10003/orders');
    expect(matches(PATTERNS.storeOrders, pathTo.storeOrders('10003'))).toBe(true);
    expect(matches(PATTERNS.card, pathTo.card('a b/c'))).toBe(true);
    expect(pathTo.card('a b/c')).toBe('/account/cards/a%20b%2Fc');
    expect(pathTo.partialSuccess('card-state-error')).toBe('/account/create/partial-success/card-state-error');
    expect(matches(PATTERNS.partialSuccess, pathTo.partialSuccess('x'))).toBe(true);
    expect(pathTo.forgotPasswordReset('t/k?n')).toBe('/account/forgot-password-reset/t%2Fk%3Fn');
    expect(matches(PATTERNS.forgotPasswordReset, pathTo.forgotPasswordReset('t/k?n'))).toBe(true);
  });

  it('gift paths: the design page, its payment modal, the add-payment round trip', () => {
    expect(pathTo.gift('11000001')).toBe('/gift/11000001');
    expect(matches(PATTERNS.gift, pathTo.gift('11000001'))).toBe(true);
    expect(pathTo.giftCategory('thank-you')).toBe('/gift/category/thank-you');
    expect(matches(PATTERNS.giftCategory, pathTo.giftCategory('thank-you'))).toBe(true);
    expect(pathTo.giftPayment('11000001')).toBe('/gift/11000001#payment');
    expect(pathTo.giftAddPayment(true, '11000001')).toBe('/account/payment-method?returnUrl=%2Fgift%2F11000001%23payment');
    expect(pathTo.giftAddPayment(false, '11000001')).toBe('/account/payment-method/add/billing-address?returnUrl=%2Fgift%2F11000001%23payment');
  });

  it('sign-in keeps a return URL in the query; the cards list carries the creation error', () => {
    expect(pathTo.signInThen(null)).toBe('/account/signin');
    expect(pathTo.signInThen('/account/cards?x=1')).toBe('/account/signin?returnUrl=%2Faccount%2Fcards%3Fx%3D1');
    expect(pathTo.cardsAfterCreate('A&B')).toBe('/account/cards?mode=from_account_create&card_error=A%26B');
  });

  it('a card page with its overlay open; curbside success', () => {
    expect(pathTo.cardOverlay('a b', 'pay')).toBe('/account/cards/a%20b#pay');
    expect(pathTo.signInThen(pathTo.cardOverlay('42', 'pay'))).toBe('/account/signin?returnUrl=%2Faccount%2Fcards%2F42%23pay');
    expect(PATHS.curbsideSuccess).toBe('/pickup/curbside/success');
  });

  it('the card pages after a billing address carry what they need in the query', () => {
    expect(pathTo.addCreditCard('ad 1', '/gift/1#payment')).toBe('/account/payment-method/add/credit-card?billingAddressId=ad%201&returnUrl=%2Fgift%2F1%23payment');
    expect(pathTo.addCreditCard(null, null)).toBe('/account/payment-method/add/credit-card');
    expect(pathTo.editCreditCard('pm_1')).toBe('/account/payment-method/edit/credit-card?paymentMethodId=pm_1');
    expect(pathTo.guestCreditCard(null)).toBe('/account/payment-method/gift/guest/credit-card');
    expect(pathTo.guestCreditCard('/menu/cart/guest/checkout')).toBe('/account/payment-method/gift/guest/credit-card?returnUrl=%2Fmenu%2Fcart%2Fguest%2Fcheckout');
  });

  it('hotel partner paths and the sign-in variant', () => {
    expect(pathTo.hotelPartner('lodgecrest')).toBe('/rewards/partnerships/lodgecrest');
    expect(matches(PATTERNS.hotelPartner, pathTo.hotelPartner('lodgecrest'))).toBe(true);
    expect(pathTo.hotelPartnerRedirect('lodgecrest')).toBe('/rewards/partnerships/lodgecrest/redirect');
    expect(matches(PATTERNS.hotelPartnerRedirect, pathTo.hotelPartnerRedirect('lodgecrest'))).toBe(true);
    expect(pathTo.hotelPartnerSub('lodge crest', 'not-linked')).toBe('/rewards/partnerships/lodge%20crest/not-linked');
    expect(matches(PATTERNS.hotelPartnerSub, pathTo.hotelPartnerSub('lodgecrest', 'success'))).toBe(true);
    expect(pathTo.signInVariantThen('hotel-link', '/rewards/partnerships/lodgecrest/redirect')).toBe(
      '/account/signin?returnUrl=%2Frewards%2Fpartnerships%2Flodgecrest%2Fredirect&variant=hotel-link',
    );
  });

  it('fixed paths are unique, absolute and without a trailing slash', () => {
    const all = Object.values(PATHS);
    expect(new Set(all).size).toBe(all.length);
    for (const p of all) expect(p === '/' || (/^\/[a-z0-9/-]+$/.test(p) && !p.endsWith('/')), p).toBe(true);
  });
});
