import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { makeDefaultRequest, paymentMethodsMachine, removeMethodRequest } from '../../../machines/payment-methods.machine.ts';
import { addSingleUseAddressRequest, billingAddressMachine, createAddressRequest, updateAddressRequest } from '../../../machines/billing-address.machine.ts';
import { addMethodRequest, creditCardMachine, tokenizeRequest, updateMethodRequest } from '../../../machines/credit-card.machine.ts';
import { addPaypalRequest, approvePaypalRequest, paypalConsentMachine } from '../../../machines/paypal-consent.machine.ts';
import { transferBalanceRequest, transferMachine } from '../../../machines/transfer.machine.ts';
import { card, cardError, done, fail, method, serverDown } from '../../../machines/__tests__/cards-fixtures.ts';
import { fill, isDisabled, modelPaths, pathName, renderWithRouter, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { BillingAddressView } from './BillingAddressView.tsx';
import { CreditCardView } from './CreditCardView.tsx';
import { PaymentMethodsView } from './PaymentMethodsView.tsx';
import { PaypalConsentView } from './PaypalConsentView.tsx';
import { TransferView } from './TransferView.tsx';

/**
 * View tests of the payment-method, billing-address, credit-card, PayPal and transfer pages: the model paths replayed
 * on the real views (clicks and typing), with the spec's texts as literals; plus the rarer card and payment codes.
 */
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
const resolving = (output: unknown) => fromPromise(() => Promise.resolve(output)) as never;
const rejecting = (error: unknown) => fromPromise(() => Promise.reject(error)) as never;
const never = () => fromPromise(() => new Promise<never>(() => {})) as never;

// ---- payment methods --------------------------------------------------------------------------------------------
const pm2 = { ...method('pm_2'), accountNumberLastFour: '4444' };
const two = [method('pm_1', true), pm2];
const paymentMethods: FlowViewModel<typeof paymentMethodsMachine> = {
  machine: paymentMethodsMachine,
  events: [
    done('loadMethods', { paymentMethods: two }),
    done('loadMethods', { paymentMethods: [] }),
    fail('loadMethods', serverDown),
    { type: 'user.retry' },
    { type: 'user.makeDefault', paymentMethodId: 'pm_2' },
    { type: 'user.remove', paymentMethodId: 'pm_1' },
    { type: 'user.confirm' },
    { type: 'user.cancel' },
    done('makeDefault', { paymentMethods: [{ ...pm2, default: true }, method('pm_1')] }),
    fail('makeDefault', cardError('PAYMENT_METHOD_NOT_FOUND')),
    done('removeMethod', { paymentMethods: [] }),
    fail('removeMethod', serverDown),
  ],
  serializeState: (s) => JSON.stringify({ v: s.value, n: s.context.methods.length, e: s.context.error, d: s.context.methods[0]?.paymentMethodId }),
  actors: ['loadMethods', 'makeDefault', 'removeMethod'],
  requests: { makeDefault: makeDefaultRequest, removeMethod: removeMethodRequest },
  render: (actor) => <PaymentMethodsView actor={actor} />,
  perform: {
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'user.makeDefault': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Make default Visa •••• 4444' })),
    'user.remove': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' })),
    'user.confirm': async (_e, { user }) => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' })),
    'user.cancel': async (_e, { user }) => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep' })),
  },
  // the methods are listed on arrival and on Try again; Make default sends that method, Remove asks first and only
  // the dialog's Remove sends; Keep and the first Remove send nothing
  sends: (event) =>
    event.type === 'xstate.init' || event.type === 'user.retry'
      ? [{ src: 'loadMethods', request: undefined }]
      : event.type === 'user.makeDefault'
        ? [{ src: 'makeDefault', request: { paymentMethodId: 'pm_2' } }]
        : event.type === 'user.confirm'
          ? [{ src: 'removeMethod', request: { paymentMethodId: 'pm_1' } }]
          : [],
  check: (s, { calls }) => {
    if (s.matches('loading')) return;
    if (s.matches('loadFailed')) {
      expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
      return;
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeTruthy();
    if (s.context.methods.length === 0) expect(screen.getByText('Your account has no payment methods.')).toBeTruthy();
    else expect(screen.queryByText('Your account has no payment methods.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add a credit or debit card' }).getAttribute('href')).toBe('/account/payment-method/add/billing-address');
    expect(screen.getByRole('link', { name: 'Add PayPal' }).getAttribute('href')).toBe('/account/payment-method/add/paypal');
    // the default has no Make default button; the other has
    expect(screen.queryAllByRole('button', { name: /^Make default/ }).length).toBe(s.context.methods.filter((m) => !m.default).length);
    if (s.matches('confirmingRemove')) expect(screen.getByRole('dialog', { name: 'Remove Visa •••• 4242?' })).toBeTruthy();
    else if (!s.matches('removing')) expect(screen.queryByRole('dialog')).toBeNull();
    if (s.matches('makingDefault')) expect(calls.at(-1)!.request).toEqual({ paymentMethodId: 'pm_2' });
    if (s.matches('removing')) expect(calls.at(-1)!.request).toEqual({ paymentMethodId: 'pm_1' });
    if (s.context.error) expect(screen.getByRole('alert').textContent).toBe(s.context.error);
  },
};

// ---- billing address ---------------------------------------------------------------------------------------------
const savedAddress = { addressId: 'ad_1', type: 'Billing', firstName: 'Ana', lastName: 'Silva', phoneNumber: null, addressLine1: '1 Main St', addressLine2: null, city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA', country: 'US' } as const;
const sentAddress = { type: 'Billing', firstName: 'Ana', lastName: 'Silva', phoneNumber: null, addressLine1: '1 Main St', addressLine2: null, city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA', country: 'US' };
const billing = (guest: boolean): FlowViewModel<typeof billingAddressMachine> => ({
  machine: billingAddressMachine,
  input: { mode: 'add', guest },
  events: [
    { type: 'user.submit', form: { firstName: 'Ana', lastName: 'Silva', addressLine1: '1 Main St', addressLine2: '', city: 'Seattle', countrySubdivision: 'WA', postalCode: '98101', phoneNumber: '' } },
    { type: 'user.submit', form: { firstName: 'Ana', lastName: '', addressLine1: '1 Main St', addressLine2: '', city: 'Seattle', countrySubdivision: '', postalCode: '981', phoneNumber: '' } },
    done('createAddress', savedAddress),
    fail('createAddress', serverDown),
    done('addSingleUseAddress', { addressToken: 'adt_1', expiresAt: '2026-11-23T23:00:00Z' }),
    fail('addSingleUseAddress', cardError('BAD_REQUEST', 'postalCode')),
  ],
  serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.error, f: s.context.fieldErrors }),
  actors: ['createAddress', 'updateAddress', 'addSingleUseAddress'],
  requests: { createAddress: createAddressRequest, updateAddress: updateAddressRequest, addSingleUseAddress: addSingleUseAddressRequest },
  spyActions: ['notify', 'redirect', 'keepGuestAddress'],
  render: (actor) => <BillingAddressView actor={actor} heading="Add billing address" back={null} />,
  perform: {
    'user.submit': async (e, { user }) => {
      const f = (e as unknown as { form: Record<string, string> }).form;
      await fill(user, screen.getByLabelText('First name'), f.firstName!);
      await fill(user, screen.getByLabelText('Last name'), f.lastName!);
      await fill(user, screen.getByLabelText('Address'), f.addressLine1!);
      await fill(user, screen.getByLabelText('Apartment, suite (optional)'), f.addressLine2!);
      await fill(user, screen.getByLabelText('City'), f.city!);
      await user.selectOptions(screen.getByLabelText('State'), f.countrySubdivision || '');
      await fill(user, screen.getByLabelText('ZIP code'), f.postalCode!);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
    },
  },
  // spec 2 section 5: Continue with a complete address sends it (a guest's as a single-use address); an incomplete
  // one sends nothing
  sends: (event) =>
    event.type === 'user.submit' && (event as unknown as { form: { lastName: string } }).form.lastName
      ? [guest ? { src: 'addSingleUseAddress', request: { walletTarget: 'guest', input: sentAddress } } : { src: 'createAddress', request: { input: sentAddress } }]
      : [],
  check: (s, { calls, spies }) => {
    expect(screen.getByRole('heading', { level: 1, name: 'Add billing address' })).toBeTruthy();
    expect(screen.getByText('Please enter a 10-digit phone number.')).toBeTruthy();
    if (s.matches('editing') && Object.keys(s.context.fieldErrors).length && !s.context.fieldErrors.postalCode?.startsWith('x')) {
      if (s.context.fieldErrors.lastName) {
        expect(screen.getByText('Enter a last name.')).toBeTruthy();
        expect(screen.getByText('Choose a state.')).toBeTruthy();
      }
      expect(screen.getByText(s.context.fieldErrors.postalCode!)).toBeTruthy();
    }
    // spec 5: an empty second line is sent as null
    if (s.hasTag('loading')) {
      expect(calls.at(-1)!.request).toEqual(guest ? { walletTarget: 'guest', input: sentAddress } : { input: sentAddress });
      expect(isDisabled(screen.getByRole('button', { name: /Continue/ }))).toBe(true);
    }
    if (s.matches('saved')) {
      expect([spies.notify!.mock.calls.length, spies.redirect!.mock.calls.length, spies.keepGuestAddress!.mock.calls.length]).toEqual([1, 1, guest ? 1 : 0]);
      expect(s.context.destination).toBe(guest ? '/account/payment-method/gift/guest/credit-card' : '/account/payment-method/add/credit-card?billingAddressId=ad_1');
    }
    if (s.context.error) expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    expect(screen.getByText(guest ? 'Used for this order only. We don’t keep it in an account.' : 'The billing address of the card you add next.')).toBeTruthy();
  },
});

// ---- credit card -------------------------------------------------------------------------------------------------
const visaToken = { token: 'tok_visa_12345678', brand: 'visa' as const, lastFour: '4242', expMonth: 12, expYear: 2030, createdAt: new Date().toISOString() };
const creditCard: FlowViewModel<typeof creditCardMachine> = {
  machine: creditCardMachine,
  input: { mode: 'add', billingAddressId: 'ad_1', today: { year: 2026, month: 11 } },
  events: [
    { type: 'user.submit', form: { number: '4242 4242 4242 4242', expMonth: '12', expYear: '2030', cvc: '123' } },
    { type: 'user.submit', form: { number: '4242 4242 4242 4241', expMonth: '13', expYear: '2030', cvc: '12' } },
    done('tokenize', visaToken),
    fail('tokenize', cardError('121017', 'number')),
    done('addMethod', { paymentMethod: method('pm_9') }),
    fail('addMethod', cardError('121044')),
  ],
  serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.error, f: s.context.fieldErrors }),
  actors: ['tokenize', 'addMethod', 'updateMethod'],
  requests: { tokenize: tokenizeRequest, addMethod: addMethodRequest, updateMethod: updateMethodRequest },
  spyActions: ['notify', 'redirect'],
  render: (actor) => <CreditCardView actor={actor} heading="Add a credit or debit card" />,
  perform: {
    'user.submit': async (e, { user }) => {
      const f = (e as unknown as { form: Record<string, string> }).form;
      await fill(user, screen.getByLabelText('Card number'), f.number!);
      await fill(user, screen.getByLabelText('Expiration month (MM)'), f.expMonth!);
      await fill(user, screen.getByLabelText('Expiration year (YYYY)'), f.expYear!);
      await fill(user, screen.getByLabelText(/Security code/), f.cvc!);
      await user.click(screen.getByRole('button', { name: 'Add card' }));
    },
  },
  // spec 2 section 5: Add card with a valid card tokenises it (never kept); the token is then saved with the billing
  // address; an invalid card sends nothing
  sends: (event) =>
    event.type === 'user.submit' && (event as unknown as { form: { cvc: string } }).form.cvc === '123'
      ? [{ src: 'tokenize', request: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', singleUse: false } }]
      : event.type === 'xstate.done.actor.tokenize'
        ? [{ src: 'addMethod', request: { token: 'tok_visa_12345678', billingAddressId: 'ad_1' } }]
        : [],
  check: (s, { calls }) => {
    if (s.matches('entering') && s.context.fieldErrors.cvc) {
      expect(screen.getByText("That card number or security code doesn't look right.")).toBeTruthy();
      expect(screen.getByText('Enter a valid expiration date.')).toBeTruthy();
      expect(screen.getByText('Enter the 3- or 4-digit security code.')).toBeTruthy();
    }
    // the only request carrying the number is the processor's
    if (s.matches('tokenizing')) expect(calls.at(-1)!.request).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', singleUse: false });
    if (s.matches('saving')) expect(calls.at(-1)!.request).toEqual({ token: 'tok_visa_12345678', billingAddressId: 'ad_1' });
    if (s.context.fieldErrors.number && !s.context.fieldErrors.cvc) expect(screen.getByText("That card number or security code doesn't look right.")).toBeTruthy();
    if (s.context.error) expect(screen.getByRole('alert').textContent).toBe('Your card may have expired.');
  },
};

// ---- PayPal ------------------------------------------------------------------------------------------------------
const paypal: FlowViewModel<typeof paypalConsentMachine> = {
  machine: paypalConsentMachine,
  events: [
    { type: 'user.approve', email: 'buyer@example.com' },
    { type: 'user.approve', email: 'nope' },
    { type: 'user.cancel' },
    done('approvePaypal', { token: 'tok_paypal_12345678', brand: 'paypal', lastFour: '', expMonth: null, expYear: null, createdAt: '2026-11-23T22:00:00Z' }),
    fail('approvePaypal', cardError('121060')),
    done('addMethod', { paymentMethod: method('pm_pp') }),
    fail('addMethod', cardError('121061')),
  ],
  serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.error, f: s.context.fieldError }),
  actors: ['approvePaypal', 'addMethod'],
  requests: { approvePaypal: approvePaypalRequest, addMethod: addPaypalRequest },
  spyActions: ['notify', 'redirect'],
  render: (actor) => <PaypalConsentView actor={actor} />,
  perform: {
    'user.approve': async (e, { user }) => {
      await fill(user, screen.getByLabelText('PayPal email'), (e as unknown as { email: string }).email);
      await user.click(screen.getByRole('button', { name: 'Approve' }));
    },
    'user.cancel': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
  // Approve with a valid email asks PayPal; its token is then saved; an invalid email and Cancel send nothing
  sends: (event) =>
    event.type === 'user.approve' && (event as { email?: string }).email === 'buyer@example.com'
      ? [{ src: 'approvePaypal', request: { email: 'buyer@example.com' } }]
      : event.type === 'xstate.done.actor.approvePaypal'
        ? [{ src: 'addMethod', request: { token: 'tok_paypal_12345678' } }]
        : [],
  check: (s, { calls, spies }) => {
    expect(screen.getByRole('heading', { level: 1, name: 'Add PayPal' })).toBeTruthy();
    if (s.context.fieldError) expect(screen.getByText('Enter a valid email.')).toBeTruthy();
    if (s.context.error) expect(screen.getByRole('alert').textContent).toBe('There was a problem with PayPal. Please try again or choose another payment method.');
    if (s.matches('approving')) expect(calls.at(-1)!.request).toEqual({ email: 'buyer@example.com' });
    if (s.matches('added') || s.matches('cancelled')) expect([spies.redirect!.mock.calls.length, s.context.destination]).toEqual([1, '/account/payment-method']);
  },
};

// ---- transfer ----------------------------------------------------------------------------------------------------
const cards = [card('1', 2500, { cardId: 'a', nickname: 'Morning', isPrimary: true }), card('2', 0, { cardId: 'b', nickname: 'Evening' })];
/** the idempotency keys of one walk's confirmations */
const transferKeys: string[] = [];
const transfer: FlowViewModel<typeof transferMachine> = {
  machine: transferMachine,
  input: { cards, keyBase: 'web-key-1' },
  events: [
    { type: 'user.chooseSource', cardId: 'a' },
    { type: 'user.chooseTarget', cardId: 'b' },
    { type: 'user.setAmount', amount: '' },
    { type: 'user.setAmount', amount: '30' },
    { type: 'user.back' },
    { type: 'user.chooseOther' },
    { type: 'user.confirm' },
    { type: 'user.retry' },
    done('transferBalance', { amount: 2500, duplicateCode: null, source: { cardId: 'a', balance: 0 }, target: { cardId: 'b', balance: 2500 } }),
    fail('transferBalance', cardError('121025')),
    fail('transferBalance', serverDown),
  ],
  serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.error, a: s.context.attempt > 1 }),
  actors: ['transferBalance'],
  requests: { transferBalance: transferBalanceRequest },
  spyActions: ['notify'],
  render: (actor) => <TransferView actor={actor} />,
  perform: {
    'user.chooseSource': async (_e, { user }) => {
      await user.click(screen.getByLabelText('Morning •••• 0001: $25.00'));
      await user.click(screen.getByRole('button', { name: 'Next' }));
    },
    'user.chooseTarget': async (_e, { user }) => {
      await user.click(screen.getByLabelText('Evening •••• 0002: $0.00'));
      await user.click(screen.getByRole('button', { name: 'Next' }));
    },
    'user.setAmount': async (e, { user }) => {
      await fill(user, screen.getByLabelText('Amount ($)'), (e as unknown as { amount: string }).amount);
      await user.click(screen.getByRole('button', { name: 'Next' }));
    },
    'user.back': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
    'user.chooseOther': async (_e, { user }) => user.click(screen.getByRole('button', { name: /^(Choose different card|Start over)$/ })),
    'user.confirm': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Transfer' })),
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // spec 2 section 5: only Transfer sends (a new idempotency key per confirmation) and Try again (the same key again);
  // choosing cards, the amount and the navigation send nothing
  sends: (event, s) => {
    if (event.type === 'xstate.init') transferKeys.splice(0);
    if (event.type === 'user.confirm') transferKeys.push(`web-key-1-${s.context.attempt}`);
    if (event.type !== 'user.confirm' && event.type !== 'user.retry') return [];
    if (event.type === 'user.confirm') expect(new Set(transferKeys).size, 'a new key per confirmation').toBe(transferKeys.length);
    return [{ src: 'transferBalance', request: { sourceCardId: 'a', targetCardId: 'b', idempotencyKey: transferKeys.at(-1) } }];
  },
  check: (s, { calls }) => {
    expect(screen.getByRole('heading', { level: 1, name: 'Transfer balance' })).toBeTruthy();
    const step = { choosingSource: 1, choosingTarget: 2, choosingAmount: 3, confirming: 4 }[String(s.value)];
    if (step) expect(screen.getByText(`Step ${step} of 4`)).toBeTruthy();
    if (s.matches('choosingAmount') && s.context.error) expect(screen.getByRole('alert').textContent).toBe('Enter an amount up to the card balance.');
    if (s.matches('confirming')) expect(screen.getByText('Transfer the whole balance ($25.00) from Morning •••• 0001 to Evening •••• 0002?')).toBeTruthy();
    if (s.matches('confirming')) expect(screen.getByRole('button', { name: s.context.errorAction ?? 'Start over' })).toBeTruthy();
    if (s.matches('confirming') && s.context.error) {
      expect(screen.getByRole('alert').textContent).toBe('The balance on this card is too low to transfer.');
      expect(screen.getByRole('button', { name: 'Choose different card' })).toBeTruthy();
    }
    if (s.matches('transferring')) expect(calls.at(-1)!.request).toEqual({ sourceCardId: 'a', targetCardId: 'b', idempotencyKey: `web-key-1-${s.context.attempt}` });
    if (s.matches('failed')) {
      const alert = screen.getByRole('alert');
      expect(within(alert).getByText('Something went wrong with your transfer. Try transferring your balance again.')).toBeTruthy();
      expect(within(alert).getByRole('link', { name: 'Manage card' }).getAttribute('href')).toBe('/account/cards/a');
    }
    if (s.matches('done')) {
      expect(screen.getByText('$25.00 transferred')).toBeTruthy();
      expect(screen.getByText('Evening •••• 0002: $25.00')).toBeTruthy();
    }
  },
};

describe('PaymentMethodsView along the payment-methods model paths', () => {
  for (const path of modelPaths(paymentMethods)) it(pathName(path), () => walkPath(paymentMethods, path));
});
describe('BillingAddressView along the billing-address model paths (member)', () => {
  const m = billing(false);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe('BillingAddressView along the billing-address model paths (guest)', () => {
  const m = billing(true);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe('CreditCardView along the credit-card model paths (member adds)', () => {
  for (const path of modelPaths(creditCard)) it(pathName(path), () => walkPath(creditCard, path));
});
describe('PaypalConsentView along the PayPal consent model paths', () => {
  for (const path of modelPaths(paypal)) it(pathName(path), () => walkPath(paypal, path));
});
describe('TransferView along the transfer model paths', () => {
  for (const path of modelPaths(transfer)) it(pathName(path), () => walkPath(transfer, path));
});

describe('the member add-payment for a gift (docs/gifting.md 1)', () => {
  it("the list's Add a credit or debit card carries the gift's #payment return URL to the billing address", async () => {
    const actor = createActor(paymentMethodsMachine.provide({ actors: { loadMethods: resolving({ paymentMethods: two }), makeDefault: never(), removeMethod: never() } })).start();
    renderWithRouter(<PaymentMethodsView actor={actor} returnUrl="/gift/11000001#payment" />);
    await flush();
    expect(screen.getByRole('link', { name: 'Add a credit or debit card' }).getAttribute('href')).toBe('/account/payment-method/add/billing-address?returnUrl=%2Fgift%2F11000001%23payment');
    expect(screen.getByRole('link', { name: 'Add PayPal' }).getAttribute('href')).toBe('/account/payment-method/add/paypal');
  });
});

describe('guest card and edit card', () => {
  it('a guest whose stored token is 5 minutes old is asked again; a fresh one shows the card and Use a different card', async () => {
    const expired = createActor(creditCardMachine.provide({ actors: { tokenize: never(), addMethod: never(), updateMethod: never() } }), { input: { mode: 'guest', stored: { status: 'expired' } } }).start();
    const first = renderWithRouter(<CreditCardView actor={expired} heading="Pay with a card" />);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Your card details timed out. Please enter them again.');
    expect(screen.getByRole('button', { name: 'Use this card' })).toBeTruthy();
    first.unmount();
    const guestCard = { ...visaToken, token: 'tok_single_12345678' };
    const fresh = createActor(creditCardMachine.provide({ actors: { tokenize: never(), addMethod: never(), updateMethod: never() } }), { input: { mode: 'guest', stored: { status: 'fresh', card: guestCard } } }).start();
    renderWithRouter(<CreditCardView actor={fresh} heading="Pay with a card" continueLink={<a href="/">Continue</a>} />);
    await flush();
    expect(screen.getByText('Your card is ready for this order.')).toBeTruthy();
    expect(screen.getByText('Visa •••• 4242, expires 12/2030')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use a different card' }));
    expect(fresh.getSnapshot().value).toBe('entering');
  });

  it('a guest card is tokenised single-use with the billing ZIP; 121033 marks the number', async () => {
    let sent: unknown;
    const actor = createActor(
      creditCardMachine.provide({
        actors: {
          tokenize: fromPromise(({ input }) => ((sent = input), Promise.reject(cardError('121033', 'number')))) as never,
          addMethod: never(),
          updateMethod: never(),
        },
      }),
      { input: { mode: 'guest', postalCode: '98101', today: { year: 2026, month: 11 } } },
    ).start();
    renderWithRouter(<CreditCardView actor={actor} heading="Pay with a card" />);
    await userEvent.type(await screen.findByLabelText('Card number'), '4000 0007 6000 0002');
    await userEvent.type(screen.getByLabelText('Expiration month (MM)'), '12');
    await userEvent.type(screen.getByLabelText('Expiration year (YYYY)'), '2030');
    await userEvent.type(screen.getByLabelText(/Security code/), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Use this card' }));
    await flush();
    expect(sent).toEqual({ number: '4000000760000002', expMonth: 12, expYear: 2030, cvc: '123', postalCode: '98101', singleUse: true });
    expect(screen.getByText("International cards aren't supported.")).toBeTruthy();
  });

  it('edit card: the expiry only, prefilled; a past month says the card may have expired', async () => {
    const actor = createActor(creditCardMachine.provide({ actors: { tokenize: never(), addMethod: never(), updateMethod: resolving({ paymentMethod: method('pm_1') }) } }), { input: { mode: 'edit', method: method('pm_1', true), today: { year: 2026, month: 11 } } }).start();
    renderWithRouter(<CreditCardView actor={actor} heading="Edit card" />);
    await flush();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
    expect((screen.getByLabelText('Expiration month (MM)') as HTMLInputElement).value).toBe('12');
    await fill(userEvent.setup(), screen.getByLabelText('Expiration year (YYYY)'), '2025');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Your card may have expired.')).toBeTruthy();
    await fill(userEvent.setup(), screen.getByLabelText('Expiration year (YYYY)'), '2031');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await flush();
    expect(actor.getSnapshot().context.notice).toBe('Payment method updated');
  });

  it('the rarer processor codes show their catalogue texts on the card page (121002, 121035, 121043, 121069, 123000)', async () => {
    const texts: Record<string, string> = {
      '121002': "That card number or security code doesn't look right.",
      '121035': "This payment didn't pass our fraud check. Please contact your bank.",
      '121043': 'There is a problem with this payment method. Please choose another one.',
      '121069': 'There was a problem with your American Express card.',
      '123000': 'Something went wrong. Please try again.',
    };
    for (const [code, text] of Object.entries(texts)) {
      const actor = createActor(creditCardMachine.provide({ actors: { tokenize: resolving(visaToken), addMethod: rejecting(cardError(code)), updateMethod: never() } }), { input: { mode: 'add', today: { year: 2026, month: 11 } } }).start();
      const view = renderWithRouter(<CreditCardView actor={actor} heading="Add a credit or debit card" />);
      actor.send({ type: 'user.submit', form: { number: '4242424242424242', expMonth: '12', expYear: '2030', cvc: '123' } });
      await flush();
      await flush();
      expect(screen.getByRole('alert').textContent, code).toBe(text);
      view.unmount();
    }
  });
});
