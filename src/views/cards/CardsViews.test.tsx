import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { cardsMachine } from '../../../machines/cards.machine.ts';
import { barcodePayMachine } from '../../../machines/barcode-pay.machine.ts';
import { autoReloadMachine } from '../../../machines/auto-reload.machine.ts';
import { addCardMachine } from '../../../machines/add-card.machine.ts';
import { addMoneyMachine } from '../../../machines/add-money.machine.ts';
import { card, method } from '../../../machines/__tests__/cards-fixtures.ts';
import { CardsListView } from './CardsViews.tsx';
import { AddMoneyModal, AutoReloadModal, BarcodeOverlay } from './CardOverlayViews.tsx';
import { AddCardView } from './AddCardView.tsx';

/** View tests along the card machines' main paths: the views render snapshots and send events; texts are the spec's. */
const never = () => fromPromise(() => new Promise<never>(() => {})) as never;
const rejecting = (error: unknown) => fromPromise(() => Promise.reject(error)) as never;
const resolving = (output: unknown) => fromPromise(() => Promise.resolve(output)) as never;
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('card views', () => {
  it("a card page: titled by nickname and last four; removing its card goes to the list (issue 30)", async () => {
    const redirects: unknown[] = [];
    const actor = createActor(
      cardsMachine.provide({
        actors: { loadCards: resolving({ cards: [card('1', 0, { cardId: 'a', nickname: 'Morning' }), card('2', 0, { cardId: 'b', nickname: 'Morning' })] }), removeCard: resolving({ cardNumber: '•••• 0001' }), makePrimary: never() },
        actions: { redirect: ({ context }) => void redirects.push(context.destination) },
      }),
      { input: { cardId: 'a' } },
    ).start();
    render(<CardsListView actor={actor} cardId="a" />);
    await flush();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Morning (0001)');
    await userEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await flush();
    expect(redirects).toEqual(['/account/cards']);
    expect(screen.queryByText('We could not find that card.')).toBeNull();
  });

  it('the list shows primary first, balances, the account-creation landing error, and asks to transfer before removing a card with money', async () => {
    const actor = createActor(cardsMachine.provide({ actors: { loadCards: resolving({ cards: [card('1', 250, { cardId: 'a', isPrimary: true, nickname: 'Morning' }), card('2', 0, { cardId: 'b' })] }), removeCard: never(), makePrimary: never() } }), { input: { cardErrorCode: '121030' } }).start();
    render(<CardsListView actor={actor} />);
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Cards' })).toBeTruthy();
    expect(screen.getByText('This card is inactive. Please have a barista activate it.')).toBeTruthy();
    expect(screen.getByText('Primary card')).toBeTruthy();
    expect(screen.getByText('$2.50')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove card' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Transfer the balance first' });
    expect(within(dialog).getByText('This card still has a balance. Transfer it to another card before removing this one.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Transfer balance' }).getAttribute('href')).toBe('/account/cards/transfer?from=a');
    expect(screen.getByRole('link', { name: 'Payment methods' }).getAttribute('href')).toBe('/account/payment-method');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove card' })[1]!);
    expect(screen.getByRole('dialog', { name: 'Remove card •••• 0002?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(actor.getSnapshot().value).toBe('removing');
  });

  it('#pay: the loader, then the barcode with its pay code in groups of 4 (never the card number); on failure the card by its last four', async () => {
    const answer = { uri: 'data:image/png;base64,AAAA', code: '7319044028551736', expiresAt: '2026-11-28T05:00:00.000Z', lastFour: '0001', format: 'pdf417' as const };
    const ok = createActor(barcodePayMachine.provide({ actors: { fetchBarcode: resolving(answer) } }), { input: { signedIn: true, cardId: 'c1', lastFour: '0001' } }).start();
    const { unmount, container } = render(<BarcodeOverlay actor={ok} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your barcode…');
    await flush();
    expect(screen.getByRole('img', { name: 'Barcode for card •••• 0001: 7319 0440 2855 1736' }).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByText('7319 0440 2855 1736')).toBeTruthy();
    expect(container.textContent).not.toMatch(/6000\s?1000/);
    unmount();
    const bad = createActor(barcodePayMachine.provide({ actors: { fetchBarcode: rejecting({ status: 500, code: 'UNEXPECTED_ERROR', message: 'x', body: {} }) } }), { input: { signedIn: true, cardId: 'c1', lastFour: '0001' } }).start();
    render(<BarcodeOverlay actor={bad} />);
    await flush();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Barcode is temporarily down. To pay in store, show the barcode number to your barista')).toBeTruthy();
    expect(within(alert).getByText('Card •••• 0001')).toBeTruthy();
  });

  it('#auto-reload: the toggle hides amount, trigger and payment; a server 121009 marks the amount', async () => {
    const actor = createActor(autoReloadMachine.provide({ actors: { createAutoReload: rejecting({ status: 400, code: '121009', message: 'Enter an Auto reload amount.', field: 'amount', body: { code: '121009' } }), updateAutoReload: never(), disableAutoReload: never() } }), {
      input: { cardId: 'c1', profile: null, methods: [method('pm_1', true)], defaultAmount: 2500, defaultTrigger: 1000 },
    }).start();
    render(<AutoReloadModal actor={actor} amountOptions={[1000, 2500]} triggerOptions={[1000]} />);
    expect(screen.queryByRole('group', { name: 'Reload amount' })).toBeNull();
    await userEvent.click(screen.getByLabelText('Turn on Auto reload'));
    // amount and trigger are choices of the allowed values (issue 30), not free text
    const amounts = screen.getByRole('group', { name: 'Reload amount' });
    expect(within(amounts).getAllByRole('radio').map((r) => [r.getAttribute('aria-label') ?? r.parentElement!.textContent, (r as HTMLInputElement).checked])).toEqual([
      ['$10.00', false],
      ['$25.00', true],
    ]);
    expect(within(screen.getByRole('group', { name: 'When the balance falls below' })).getByRole('radio', { name: '$10.00' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(within(amounts).getByRole('radio', { name: '$10.00' }));
    expect(actor.getSnapshot().context.amount).toBe('10.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await flush();
    expect(screen.getByText('Enter an Auto reload amount.')).toBeTruthy();
  });

  it('#add-money: a refused charge shows its catalogue text (121048)', async () => {
    const actor = createActor(addMoneyMachine.provide({ actors: { reload: rejecting({ status: 402, code: '121048', message: '', body: { code: '121048' } }) } }), {
      input: { cardId: 'c1', methods: [method('pm_1', true)], options: [1000, 2500], defaultAmount: 2500, keyBase: 'k1' },
    }).start();
    render(<AddMoneyModal actor={actor} />);
    await userEvent.click(screen.getByLabelText('$10.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Add $10.00' }));
    await flush();
    expect(screen.getByText('Your card was rejected. Please choose another payment method.')).toBeTruthy();
  });

  it("#add-money without payment methods: says so before the jump, then goes to /account/payment-method with the way back (issue 30)", async () => {
    const went: string[] = [];
    const actor = createActor(addMoneyMachine.provide({ actions: { redirect: ({ context }) => void went.push(context.destination ?? '') } }), {
      input: { cardId: 'c 1', methods: [], options: [1000, 2500], defaultAmount: 2500, keyBase: 'k1' },
    }).start();
    render(<AddMoneyModal actor={actor} />);
    expect(screen.getByText('Your account has no payment methods.')).toBeTruthy();
    expect(screen.getByText('Add a card or PayPal first. You come back here to add money.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add \$/ })).toBeNull();
    expect(went).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add a payment method' }));
    expect(went).toEqual(['/account/payment-method?returnUrl=%2Faccount%2Fcards%2Fc%25201%23add-money']);
  });

  it('add card: field errors from the spec, then a zero-balance card asks keep or remove', async () => {
    const added = { card: card('6', 0), addedAmount: { amount: 0, currency: 'USD' }, transferred: null, makePrimaryFailed: false };
    const actor = createActor(addCardMachine.provide({ actors: { addCard: resolving(added), removeCard: never() } })).start();
    render(<AddCardView actor={actor} />);
    await userEvent.type(screen.getByLabelText(/Card number/), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(screen.getByText('A valid card number has 16 digits.')).toBeTruthy();
    expect(screen.getByText('A valid security code has 8 digits.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/Card number/));
    await userEvent.type(screen.getByLabelText(/Card number/), '6000100000000206');
    await userEvent.type(screen.getByLabelText(/Security code/), '64320802');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    await flush();
    expect(screen.getByRole('dialog', { name: 'This card has no money on it' })).toBeTruthy();
    expect(screen.getByText('Balance $0.00. Keep the card in your account or remove it?')).toBeTruthy();
  });
});
