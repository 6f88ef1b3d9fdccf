import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CardBalanceRequest, GiftHistoryQuery, GiftPurchaseRequest, GiftStatusQuery, DigitalGiftCardVariables, GIFT_STALE_MS, MAX_RECIPIENTS } from './gift.ts';
import { GiftMessages } from './gift-messages.ts';

const order = (n = 1) => ({ recipientEmail: `r${n}@example.com`, recipientName: `R ${n}`, deliveryMethod: 'EMAIL', product: { productNumber: '11000001' }, amount: { amount: 2500, currency: 'USD' } });
const body = (over: Record<string, unknown> = {}) => ({
  requestId: 'abcdefgh-0', orderSource: 'web', locale: 'en-US', currency: 'USD', paymentType: 'visa', paymentInstrumentId: 'pi_1',
  senderEmail: 'me@example.com', senderName: 'Me', egifts: [order()], totalAmount: { amount: 2500, currency: 'USD' }, ...over,
});
const pathOf = (r: v.SafeParseResult<typeof GiftPurchaseRequest>) => (r.success ? null : v.getDotPath(r.issues[0]));

describe('gift contracts', () => {
  it('accepts a member body and a guest body', () => {
    expect(v.safeParse(GiftPurchaseRequest, body()).success).toBe(true);
    expect(v.safeParse(GiftPurchaseRequest, body({ paymentInstrumentId: undefined, paymentInstrumentToken: 'tok_abcdefgh12', addressToken: 'addr_token_1' })).success).toBe(true);
  });
  it('names the field of each refusal', () => {
    expect(pathOf(v.safeParse(GiftPurchaseRequest, body({ egifts: Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => order(i)) })))).toBe('egifts');
    expect(pathOf(v.safeParse(GiftPurchaseRequest, body({ egifts: [{ ...order(), recipientName: 'x'.repeat(26) }] })))).toBe('egifts.0.recipientName');
    expect(pathOf(v.safeParse(GiftPurchaseRequest, body({ egifts: [{ ...order(), message: 'x'.repeat(161) }] })))).toBe('egifts.0.message');
    expect(pathOf(v.safeParse(GiftPurchaseRequest, body({ paymentInstrumentToken: 'tok_abcdefgh12' })))).toBe('paymentInstrumentId');
    expect(pathOf(v.safeParse(GiftPurchaseRequest, body({ paymentInstrumentId: undefined, paymentInstrumentToken: 'tok_abcdefgh12' })))).toBe('addressToken');
    const long = v.safeParse(GiftPurchaseRequest, body({ egifts: [{ ...order(), recipientName: 'x'.repeat(26) }] }));
    expect(long.success ? '' : long.issues[0].message).toBe('Recipient name can be up to 25 characters');
  });
  it('checks the other inputs', () => {
    expect(v.safeParse(GiftStatusQuery, { 'zero-retries': 'yes' }).success).toBe(false);
    expect(v.parse(GiftHistoryQuery, {})).toEqual({ page: 1, pageSize: 10 });
    expect(v.safeParse(GiftHistoryQuery, { pageSize: '21' }).success).toBe(false);
    expect(v.safeParse(DigitalGiftCardVariables, { productNumber: '1234', locale: 'en-US' }).success).toBe(false);
    const bad = v.safeParse(CardBalanceRequest, { cardNumber: '12', securityCode: '1' });
    expect(bad.success ? [] : bad.issues.map((i) => i.message)).toEqual(['A valid card number has 16 digits.', 'A valid security code has 8 digits.']);
    expect(GIFT_STALE_MS).toBe(900_000);
    expect(GiftMessages.giftFetchError).toBe('Could not find the card(s) you were looking for.');
  });
});
