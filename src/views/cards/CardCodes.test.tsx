import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { addCardMachine } from '../../../machines/add-card.machine.ts';
import { addMoneyMachine } from '../../../machines/add-money.machine.ts';
import { autoReloadMachine } from '../../../machines/auto-reload.machine.ts';
import { cardsMachine } from '../../../machines/cards.machine.ts';
import { creditCardMachine } from '../../../machines/credit-card.machine.ts';
import { paypalConsentMachine } from '../../../machines/paypal-consent.machine.ts';
import { transferMachine } from '../../../machines/transfer.machine.ts';
import { card, method } from '../../../machines/__tests__/cards-fixtures.ts';
import { renderWithRouter } from '../../test/account-harness.tsx';
import { CardsListView } from './CardsViews.tsx';
import { AddMoneyModal, AutoReloadModal } from './CardOverlayViews.tsx';
import { AddCardView } from './AddCardView.tsx';
import { CreditCardView } from './CreditCardView.tsx';
import { PaypalConsentView } from './PaypalConsentView.tsx';
import { TransferView } from './TransferView.tsx';

/**
 * Every row of spec 2 section 8 "Card and payment codes", reached on the page where the code happens, with the
 * catalogue's text as a literal (and the row's action where the spec names one). docs/cards.md maps each code to
 * this test and to the model and e2e tests that reach it too.
 */
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
const rejecting = (code: string, status = code === 'UNEXPECTED_ERROR' ? 500 : 422, field?: string) => fromPromise(() => Promise.reject({ status, code, message: '', ...(field ? { field } : {}), body: { code } })) as never;
const resolving = (output: unknown) => fromPromise(() => Promise.resolve(output)) as never;
const never = () => fromPromise(() => new Promise<never>(() => {})) as never;

const LOOK_WRONG = "That card number or security code doesn't look right.";
const METHOD_PROBLEM = 'There is a problem with this payment method. Please choose another one.';
const PAYPAL = 'There was a problem with PayPal. Please try again or choose another payment method.';
const GENERIC = 'Something went wrong. Please try again.';
const alertText = () => screen.getByRole('alert').textContent;

async function addCard(code: string) {
  const actor = createActor(addCardMachine.provide({ actors: { addCard: rejecting(code), removeCard: never() } })).start();
  const view = render(<AddCardView actor={actor} />);
  actor.send({ type: 'user.submit', form: { cardNumber: '6000100000000001', securityCode: '11234567', transferCard: false, makePrimary: false } });
  await flush();
  return { actor, view };
}
async function addMoney(code: string) {
  const actor = createActor(addMoneyMachine.provide({ actors: { reload: rejecting(code, code === '121048' || code.startsWith('1210') ? 402 : 422) } }), { input: { cardId: 'c1', methods: [method('pm_1', true)], options: [1000, 2500], defaultAmount: 2500, keyBase: 'k1' } }).start();
  const view = render(<AddMoneyModal actor={actor} />);
  actor.send({ type: 'user.submit' });
  await flush();
  return { actor, view };
}
async function creditCard(code: string, failing: 'tokenize' | 'addMethod' = 'addMethod') {
  const token = { token: 'tok_visa_12345678', brand: 'visa', lastFour: '4242', expMonth: 12, expYear: 2030, createdAt: '2026-11-23T22:00:00Z' };
  const actor = createActor(creditCardMachine.provide({ actors: { tokenize: failing === 'tokenize' ? rejecting(code, 422, 'number') : resolving(token), addMethod: rejecting(code, 402), updateMethod: never() } }), { input: { mode: 'add', today: { year: 2026, month: 11 } } }).start();
  const view = renderWithRouter(<CreditCardView actor={actor} heading="Add a credit or debit card" />);
  await screen.findByRole('heading', { name: 'Add a credit or debit card' });
  actor.send({ type: 'user.submit', form: { number: '4242424242424242', expMonth: '12', expYear: '2030', cvc: '123' } });
  await flush();
  await flush();
  return { actor, view };
}
async function paypal(code: string) {
  const actor = createActor(paypalConsentMachine.provide({ actors: { approvePaypal: rejecting(code, 402), addMethod: never() } })).start();
  const view = renderWithRouter(<PaypalConsentView actor={actor} />);
  await screen.findByRole('heading', { name: 'Add PayPal' });
  actor.send({ type: 'user.approve', email: 'buyer@example.com' });
  await flush();
  return { actor, view };
}
async function transfer(code: string) {
  const actor = createActor(transferMachine.provide({ actors: { transferBalance: rejecting(code) } }), { input: { cards: [card('1', 2500, { cardId: 'a' }), card('2', 0, { cardId: 'b' })], sourceCardId: 'a', keyBase: 'k1' } }).start();
  const view = renderWithRouter(<TransferView actor={actor} />);
  await screen.findByRole('heading', { name: 'Transfer balance' });
  actor.send({ type: 'user.chooseTarget', cardId: 'b' });
  actor.send({ type: 'user.setAmount', amount: '' });
  actor.send({ type: 'user.confirm' });
  await flush();
  return { actor, view };
}

describe('spec 2 section 8 card and payment codes, each on its page', () => {
  it.each(['121000', '121001', '121002', '121017'])('%s (add card): the look-wrong text', async (code) => {
    const { actor } = await addCard(code);
    expect(actor.getSnapshot().context.errorAction).toEqual({ label: 'Try again', to: 'retry' });
    expect(screen.getByText(LOOK_WRONG)).toBeTruthy();
    // Try again (issue 30): the error goes, the form is empty, focus on the card number
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    number.value = '6000100000000001';
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.queryByText(LOOK_WRONG)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect([number.value, document.activeElement]).toEqual(['', number]);
  });
  it('122000 (add card): already registered, Try again', async () => {
    const { actor } = await addCard('122000');
    expect(alertText()).toBe('This card is already registered.');
    expect(actor.getSnapshot().context.errorAction?.label).toBe('Try again');
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.queryByText('This card is already registered.')).toBeNull();
  });
  it.each([
    ['121024', 'Please redeem this Store Credit card with a barista.'],
    ['121030', 'This card is inactive. Please have a barista activate it.'],
    ['121032', 'This card has been reported lost or stolen. Please contact customer service.'],
    ['DIGITAL_CARD_PROVISION_ERROR', GENERIC],
  ])('%s (add card): %s', async (code, text) => {
    await addCard(code);
    expect(alertText()).toBe(text);
  });
  it('121037 (add card): deactivated or closed, action Add it back', async () => {
    await addCard('121037');
    expect(alertText()).toBe('This card has been deactivated or closed.');
    expect(screen.getByRole('link', { name: 'Add it back' }).getAttribute('href')).toBe('/account/cards/add');
  });
  it('121034 (cards list landing): not registered, action Register this card to /account/cards/add', async () => {
    const actor = createActor(cardsMachine.provide({ actors: { loadCards: resolving({ cards: [] }), removeCard: never(), makePrimary: never() } }), { input: { cardErrorCode: '121034' } }).start();
    render(<CardsListView actor={actor} />);
    await flush();
    expect(alertText()).toBe("This card isn't registered.");
    expect(screen.getByRole('link', { name: 'Register this card' }).getAttribute('href')).toBe('/account/cards/add');
  });

  it.each([
    ['121005', 'Enter a reload amount.'],
    ['121023', 'Your card total cannot exceed $500.'],
    ['121036', 'That reload amount is not valid.'],
    ['121062', 'We noticed something unusual. Please contact customer service.'],
    ['121048', 'Your card was rejected. Please choose another payment method.'],
    ['121076', METHOD_PROBLEM],
    ['121071', PAYPAL],
    ['121072', PAYPAL],
    ['121075', GENERIC],
  ])('%s (add money): %s', async (code, text) => {
    await addMoney(code);
    expect(alertText()).toBe(text);
  });
  it('121063 (add money): a replay says so instead of adding again', async () => {
    const actor = createActor(addMoneyMachine.provide({ actors: { reload: resolving({ card: card('1', 5000), amount: { amount: 2500, currency: 'USD' }, duplicate: { code: '121063', message: 'We already received your request, thanks!' } }) } }), { input: { cardId: 'c1', methods: [method('pm_1', true)], options: [2500], defaultAmount: 2500, keyBase: 'k1' } }).start();
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().context.notice).toBe('We already received your request, thanks!');
  });

  it.each(['121009', '121010'])('%s (auto reload): Enter an Auto reload amount', async (code) => {
    const actor = createActor(autoReloadMachine.provide({ actors: { createAutoReload: rejecting(code, 400, code === '121009' ? 'amount' : 'triggerAmount'), updateAutoReload: never(), disableAutoReload: never() } }), { input: { cardId: 'c1', profile: null, methods: [method('pm_1', true)], defaultAmount: 2500, defaultTrigger: 1000 } }).start();
    render(<AutoReloadModal actor={actor} amountOptions={[2500]} triggerOptions={[1000]} />);
    actor.send({ type: 'user.toggle', enabled: true });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(screen.getByText('Enter an Auto reload amount.')).toBeTruthy();
  });

  it.each([
    ['121033', "International cards aren't supported.", 'tokenize'],
    ['121035', "This payment didn't pass our fraud check. Please contact your bank.", 'addMethod'],
    ['121044', 'Your card may have expired.', 'addMethod'],
    ['121069', 'There was a problem with your American Express card.', 'addMethod'],
    ['123000', GENERIC, 'addMethod'],
    ['121043', METHOD_PROBLEM, 'addMethod'],
    ['121045', METHOD_PROBLEM, 'addMethod'],
    ['121046', METHOD_PROBLEM, 'addMethod'],
    ['121065', METHOD_PROBLEM, 'addMethod'],
    ['121066', METHOD_PROBLEM, 'addMethod'],
    ['121068', METHOD_PROBLEM, 'addMethod'],
    ['121070', METHOD_PROBLEM, 'addMethod'],
  ] as const)('%s (credit card): %s', async (code, text, failing) => {
    await creditCard(code, failing);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each(['121059', '121060', '121061', '121067'])('%s (PayPal consent): the PayPal text', async (code) => {
    await paypal(code);
    expect(alertText()).toBe(PAYPAL);
  });

  it('121025 (transfer): too low to transfer, action Choose different card', async () => {
    await transfer('121025');
    expect(alertText()).toBe('The balance on this card is too low to transfer.');
    expect(screen.getByRole('button', { name: 'Choose different card' })).toBeTruthy();
  });
  it('UNEXPECTED_ERROR (transfer): the transfer text with Manage card to the card page', async () => {
    await transfer('UNEXPECTED_ERROR');
    expect(screen.getByText('Something went wrong with your transfer. Try transferring your balance again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage card' }).getAttribute('href')).toBe('/account/cards/a');
  });
  it('UNEXPECTED_ERROR (add card): generic with Try again... as an error toast and a redirect to /', async () => {
    const actor = createActor(addCardMachine.provide({ actors: { addCard: rejecting('UNEXPECTED_ERROR'), removeCard: never() } })).start();
    actor.send({ type: 'user.submit', form: { cardNumber: '6000100000000001', securityCode: '11234567', transferCard: false, makePrimary: false } });
    await flush();
    expect([actor.getSnapshot().context.notice, actor.getSnapshot().context.destination]).toEqual([{ tone: 'error', message: GENERIC }, '/']);
  });
});
