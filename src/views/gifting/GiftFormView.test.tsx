import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../test/account-harness.tsx';
import { GiftFormView } from './GiftFormView.tsx';
import { birthday, startForm, statusOf } from './gift-view-fixtures.ts';

/**
 * The gift page walked by hand on the real view (literal spec texts): a member's 3 steps with each form message,
 * two recipients and the live total, the 'Choose payment' modal with its reminder, the purchase polling through
 * EPROMISERETRY ('Still sending your gift…') to the confirmation; a guest's 2 steps; 170046's dialog and Got it.
 */
const field = (name: string) => screen.getByRole('textbox', { name });

describe('GiftFormView', () => {
  it('a member: 3 steps with their messages, two recipients, the live total, payment, polling, success', async () => {
    let release: () => void = () => {};
    const retried = new Promise<void>((r) => (release = r));
    const { actor, sent } = startForm({
      signedIn: true,
      statuses: [async () => statusOf('EPROMISERETRY'), async () => (await retried, statusOf(null, 'G00000000042'))],
    });
    const user = userEvent.setup();
    renderWithRouter(<GiftFormView actor={actor} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Birthday eGift: balloons' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3: Amount and message')).toBeTruthy();
    expect(screen.getByText('Total: $25.00 (1 × $25.00)')).toBeTruthy();
    // custom amount outside $5–$100, a message of spaces
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(field('Custom amount (dollars)'), '101');
    await user.type(screen.getByRole('textbox', { name: 'Message (optional)' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Enter a Gift amount between $5 and $100')).toBeTruthy();
    expect(screen.getByText('Enter a Gift message')).toBeTruthy();
    await user.clear(field('Custom amount (dollars)'));
    await user.type(field('Custom amount (dollars)'), '40');
    await user.clear(screen.getByRole('textbox', { name: 'Message (optional)' }));
    await user.type(screen.getByRole('textbox', { name: 'Message (optional)' }), 'Cheers');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // step 2: sender from the profile, recipients
    expect(screen.getByText('Step 2 of 3: Recipients')).toBeTruthy();
    expect((field('Your name') as HTMLInputElement).value).toBe('Avery Demo');
    await user.clear(field('Your name'));
    await user.click(screen.getByRole('button', { name: 'Add a recipient' }));
    expect(screen.getByText('Total: $80.00 (2 × custom amount)')).toBeTruthy();
    const second = within(screen.getByRole('group', { name: 'Recipient 2' }));
    await user.type(second.getByRole('textbox', { name: 'Recipient name' }), 'x'.repeat(26));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(screen.getByText("Enter the recipient's name")).toBeTruthy();
    expect(screen.getAllByText("Enter the recipient's email address")).toHaveLength(2);
    expect(screen.getByText('Recipient name can be up to 25 characters')).toBeTruthy();
    await user.type(field('Your name'), 'Avery Demo');
    const first = within(screen.getByRole('group', { name: 'Recipient 1' }));
    await user.type(first.getByRole('textbox', { name: 'Recipient name' }), 'Sam');
    await user.type(first.getByRole('textbox', { name: 'Recipient email' }), 'sam@example.com');
    await user.clear(second.getByRole('textbox', { name: 'Recipient name' }));
    await user.type(second.getByRole('textbox', { name: 'Recipient name' }), 'Kim');
    await user.type(second.getByRole('textbox', { name: 'Recipient email' }), 'kim@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // step 3: the #payment modal
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose payment' }));
    expect(dialog.getByText('Double-check all recipient emails before buying')).toBeTruthy();
    expect((dialog.getByRole('radio', { name: 'VISA •••• 4242' }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText('Total: $80.00')).toBeTruthy();
    expect(screen.getByText('Step 3 of 3: Payment')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Still sending your gift…')).toBeTruthy();
    release();
    await waitFor(() => expect(actor.getSnapshot().value).toBe('confirmed'));
    expect(sent).toEqual([
      expect.objectContaining({ requestId: 'page-1-0', paymentType: 'visa', paymentInstrumentId: 'pm_1', senderName: 'Avery Demo', totalAmount: { amount: 8000, currency: 'USD' } }),
    ]);
    expect(actor.getSnapshot().context.numberOfRecipients).toBe(1);
    expect(actor.getSnapshot().context.destination).toBe('/gift/confirmation');
  });

  it('a guest: 2 steps, every field in the first', async () => {
    const { actor } = startForm({ signedIn: false });
    const user = userEvent.setup();
    renderWithRouter(<GiftFormView actor={actor} />);
    expect(await screen.findByText('Step 1 of 2: Gift details')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText("Enter the recipient's name")).toBeTruthy();
    await user.type(field('Your name'), 'Gia Guest');
    await user.type(field('Your email'), 'gia@example.com');
    await user.type(field('Recipient name'), 'Sam');
    await user.type(field('Recipient email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose payment' }));
    expect(screen.getByText('Step 2 of 2: Payment')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Buy' }));
    expect(dialog.getByText('Add a payment method')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Add a card' }));
    await waitFor(() => expect(actor.getSnapshot().context.destination).toBe('/account/payment-method/add/billing-address?returnUrl=%2Fgift%2F11000001%23payment'));
  });

  it("170046: the purchase dialog closes, the heading and 'Got it' return to the recipients", async () => {
    const duplicate = Object.assign(new Error('dup'), { status: 422, code: '170046', body: { code: '170046', message: 'Each recipient needs their own email' } });
    const { actor } = startForm({ signedIn: true, purchase: async () => Promise.reject(duplicate) });
    const user = userEvent.setup();
    renderWithRouter(<GiftFormView actor={actor} />);
    await screen.findByText('Step 1 of 3: Amount and message');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(field('Recipient name'), 'Sam');
    await user.type(field('Recipient email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Choose payment' })).getByRole('button', { name: 'Buy' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Each recipient needs their own email' }));
    expect(screen.queryByRole('dialog', { name: 'Choose payment' })).toBeNull();
    expect(dialog.getByText('Two recipients have the same email address. Change one and buy again.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Got it' }));
    expect(await screen.findByText('Step 2 of 3: Recipients')).toBeTruthy();
  });

  describe('the design switch (docs/gifting.md 1: the category\'s designs on the form page)', () => {
    const designs = [
      { productNumber: '11000001', altText: 'Birthday eGift: balloons', largeImageUrl: '/gift/art/birthday-balloons.svg' },
      { productNumber: '11000002', altText: 'Birthday eGift: a layered cake with three candles', largeImageUrl: '/gift/art/birthday-cake.svg' },
      { productNumber: '11000003', altText: 'Birthday eGift: confetti around the words Happy Birthday', largeImageUrl: '/gift/art/birthday-confetti.svg' },
    ];
    const checked = (name: string) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked;
    // user-event walks a radio group with the arrow keys through CSS.escape, which jsdom lacks
    beforeAll(() => {
      if (!globalThis.CSS?.escape) vi.stubGlobal('CSS', { escape: (s: string) => s.replace(/["\\\]]/g, '\\$&') });
    });
    afterAll(() => vi.unstubAllGlobals());

    it("a radio group of the category: the arrow keys and a click choose a design, the large image and the form's design follow", async () => {
      const { actor } = startForm({ signedIn: false });
      const user = userEvent.setup();
      renderWithRouter(<GiftFormView actor={actor} designs={designs} />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Birthday eGift: balloons' })).toBeTruthy();
      const group = within(screen.getByRole('group', { name: 'Design' }));
      expect(group.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['11000001', '11000002', '11000003']);
      expect(checked('Birthday eGift: balloons')).toBe(true);
      // keyboard: focus the chosen design, the arrow key moves the choice
      group.getByRole('radio', { name: 'Birthday eGift: balloons' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(checked('Birthday eGift: a layered cake with three candles')).toBe(true);
      expect(screen.getByRole('heading', { level: 1, name: 'Birthday eGift: a layered cake with three candles' })).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Birthday eGift: a layered cake with three candles' }).getAttribute('src')).toBe('/gift/art/birthday-cake.svg');
      await user.click(group.getByRole('radio', { name: 'Birthday eGift: confetti around the words Happy Birthday' }));
      expect(actor.getSnapshot().context.formData.productNumber).toBe('11000003');
      expect(actor.getSnapshot().context.product).toEqual({ ...designs[2], categoryUrn: 'birthday', available: true });
      // the guest's one form goes on to payment with the chosen design
      await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Gus Guest');
      await user.type(screen.getByRole('textbox', { name: 'Your email' }), 'gus@example.com');
      await user.type(screen.getByRole('textbox', { name: 'Recipient name' }), 'Sam');
      await user.type(screen.getByRole('textbox', { name: 'Recipient email' }), 'sam@example.com');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('dialog', { name: 'Choose payment' })).toBeTruthy();
      expect(actor.getSnapshot().context.formData.productNumber).toBe('11000003');
    });

    it("a retired design: none chosen, 'Choose a Gift design' until one of the category is picked", async () => {
      const { actor } = startForm({ signedIn: true, product: { ...birthday, productNumber: '19000099', altText: 'Retired birthday eGift', available: false } });
      const user = userEvent.setup();
      renderWithRouter(<GiftFormView actor={actor} designs={designs} />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Retired birthday eGift' })).toBeTruthy();
      expect(within(screen.getByRole('group', { name: 'Design' })).getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Choose a Gift design')).toBeTruthy();
      await user.click(screen.getByRole('radio', { name: 'Birthday eGift: balloons' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Step 2 of 3: Recipients')).toBeTruthy();
      expect(screen.queryByText('Choose a Gift design')).toBeNull();
    });

    it('no switch with one design or none (the catalog not loaded)', async () => {
      const { actor } = startForm({ signedIn: true });
      renderWithRouter(<GiftFormView actor={actor} designs={designs.slice(0, 1)} />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Birthday eGift: balloons' })).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Design' })).toBeNull();
    });
  });
});
