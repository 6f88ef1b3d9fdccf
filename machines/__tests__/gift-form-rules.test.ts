import { describe, expect, it } from 'vitest';
import { amountCents, amountStepErrors, formErrors, formatCents, giftSteps, giftTotal, isComplete, isEmail, nextRecipientId, recipientStepErrors, type GiftFormData } from '../gift-form-rules.ts';

const config = { giftAmountOptions: [1000, 2500, 5000, 10000], defaultGiftAmountOption: 2500, customAmountMin: 500, customAmountMax: 10000 };
const form = (over: Partial<GiftFormData> = {}): GiftFormData => ({
  productNumber: '11000001',
  senderName: 'Avery Demo',
  senderEmail: 'demo@example.com',
  amount: 2500,
  customAmount: '',
  message: 'Happy birthday',
  recipients: [{ id: 'r1', recipientName: 'Sam', recipientEmail: 'sam@example.com' }],
  ...over,
});

describe('gift form rules (spec 3 sections 4, 5, 9)', () => {
  it('a preset amount counts only when it is one of the config options', () => {
    expect(amountCents(form(), config)).toBe(2500);
    expect(amountCents(form({ amount: 1234 }), config)).toBeNull();
  });

  it('a custom amount is digits only (dollars) within the configured min and max', () => {
    const custom = (customAmount: string) => amountCents(form({ amount: 'custom', customAmount }), config);
    expect(custom('5')).toBe(500);
    expect(custom(' 100 ')).toBe(10000);
    expect(custom('4')).toBeNull();
    expect(custom('101')).toBeNull();
    expect(custom('')).toBeNull();
    expect(custom('12.50')).toBeNull();
    expect(custom('-5')).toBeNull();
    expect(custom('1e1')).toBeNull();
    // the bounds come from config, the text stays '$5 to $100'
    expect(amountCents(form({ amount: 'custom', customAmount: '150' }), { ...config, customAmountMax: 20000 })).toBe(15000);
    expect(amountStepErrors(form({ amount: 'custom', customAmount: '101' }), config)).toEqual({ amount: 'giftAmountRange' });
  });

  it('the total is the number of recipients times the amount, 0 without a valid amount', () => {
    const three = [1, 2, 3].map((i) => ({ id: `r${i}`, recipientName: `R${i}`, recipientEmail: `r${i}@example.com` }));
    expect(giftTotal(form({ recipients: three }), config)).toBe(7500);
    expect(giftTotal(form({ amount: 'custom', customAmount: '40', recipients: three.slice(0, 2) }), config)).toBe(8000);
    expect(giftTotal(form({ amount: 'custom', customAmount: 'x' }), config)).toBe(0);
    expect(formatCents(7500)).toBe('$75.00');
  });

  it('step 1: a design, an amount and a message that is not only spaces (the message is optional)', () => {
    expect(amountStepErrors(form(), config)).toEqual({});
    expect(amountStepErrors(form({ message: '' }), config)).toEqual({});
    expect(amountStepErrors(form({ productNumber: '', message: '   ', amount: 'custom', customAmount: '' }), config)).toEqual({ productNumber: 'giftDesignMissing', message: 'giftMessageEmpty', amount: 'giftAmountRange' });
  });

  it('step 2: sender name and a valid sender email; each recipient a name up to 25 characters and a valid email', () => {
    expect(recipientStepErrors(form())).toEqual({});
    expect(
      recipientStepErrors(
        form({
          senderName: ' ',
          senderEmail: 'not-an-email',
          recipients: [
            { id: 'r1', recipientName: '', recipientEmail: '' },
            { id: 'r2', recipientName: 'x'.repeat(26), recipientEmail: 'b@' },
            { id: 'r3', recipientName: 'x'.repeat(25), recipientEmail: 'ok@example.com' },
          ],
        }),
      ),
    ).toEqual({ senderName: 'senderNameMissing', senderEmail: 'senderEmailMissing', recipientName1: 'recipientNameMissing', recipientEmail1: 'recipientEmailMissing', recipientName2: 'recipientNameTooLong', recipientEmail2: 'recipientEmailMissing' });
    expect(recipientStepErrors(form({ senderEmail: '' }))).toEqual({ senderEmail: 'senderEmailMissing' });
  });

  it('duplicates are not pre-checked: the server answers 170046 (docs/gifting.md 1)', () => {
    const twice = [1, 2].map((i) => ({ id: `r${i}`, recipientName: `R${i}`, recipientEmail: 'same@example.com' }));
    expect(isComplete(form({ recipients: twice }), config)).toBe(true);
  });

  it('complete only when product, sender, amount and every recipient are present (spec 4)', () => {
    expect(isComplete(form(), config)).toBe(true);
    expect(formErrors(form({ productNumber: '', senderName: '' }), config)).toEqual({ productNumber: 'giftDesignMissing', senderName: 'senderNameMissing' });
    expect(isComplete(form({ recipients: [{ id: 'r1', recipientName: 'Sam', recipientEmail: '' }] }), config)).toBe(false);
  });

  it('3 steps signed in, 2 otherwise', () => {
    expect(giftSteps(true)).toEqual(['amount', 'recipients', 'payment']);
    expect(giftSteps(false)).toEqual(['details', 'payment']);
  });

  it('emails and recipient ids', () => {
    expect(isEmail(' a@example.com ')).toBe(true);
    expect(isEmail('a@example')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
    expect(nextRecipientId([])).toBe('r1');
    expect(nextRecipientId([{ id: 'r1', recipientName: '', recipientEmail: '' }, { id: 'r3', recipientName: '', recipientEmail: '' }])).toBe('r2');
  });
});
