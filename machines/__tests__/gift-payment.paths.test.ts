import { describe, expect, it } from 'vitest';
import { describeFlow } from './flow.ts';
import { giftPaymentFlow, paypal, paypalDefault, visa, visaOther } from './gift-payment.expect.ts';
import { initialSelection } from '../gift-payment.machine.ts';

describeFlow(giftPaymentFlow);

describe('giftPayment preselection (spec 2: PayPal is dropped with several recipients)', () => {
  it('keeps the chosen method, else the default, never PayPal for several recipients', () => {
    expect(initialSelection([visa, paypal], 'pm_2', 1)).toBe('pm_2');
    expect(initialSelection([visa, paypal], 'pm_2', 2)).toBe('pm_1');
    expect(initialSelection([visaOther, paypalDefault], null, 2)).toBeNull();
    expect(initialSelection([visaOther, paypalDefault], null, 1)).toBe('pm_2');
    expect(initialSelection([visa, paypal], 'gone', 1)).toBe('pm_1');
    expect(initialSelection([], null, 1)).toBeNull();
  });
});
