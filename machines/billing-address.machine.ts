import * as v from 'valibot';
import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { AddressInput, CardMessages, type Address } from '../contracts/cards.ts';
import { destinationOr, inputOf, notProvided } from './account-flow.ts';
import { pathTo } from './app-paths.ts';
import { cardFlowError } from './cards-flow.ts';

/**
 * Billing address add/edit (spec 2 §2 /account/payment-method/add|edit/billing-address, no sign-in requirement;
 * §4 "Billing address add/edit"; §5 "Guest address: an empty second address line is sent as null"):
 * - a member: CREATE_ADDRESS (the new address id is recorded) or UPDATE_ADDRESS, then a toast and the
 *   credit-card page;
 * - a guest: ADD_SINGLE_USE_BILLING_ADDRESS (the addressToken is kept for the order), then the guest card page.
 * The expecting flag is on while a request runs and cleared on success or error.
 */
export type AddressForm = Record<keyof v.InferInput<typeof AddressInput>, string>;
export interface BillingAddressInput {
  mode: 'add' | 'edit';
  guest: boolean;
  /** edit: the address being changed (prefills the form) */
  address?: Address | null;
  /** edit: the saved card whose address this is (its edit page comes next) */
  paymentMethodId?: string | null;
  /** where the card page goes when done (same-origin only: the gift's #payment) */
  returnUrl?: string | null;
}
export interface BillingAddressContext {
  mode: 'add' | 'edit';
  guest: boolean;
  addressId: string | null;
  form: Partial<AddressForm>;
  fieldErrors: Partial<Record<keyof AddressForm, string>>;
  error: string | null;
  expecting: boolean;
  newAddressId: string | null;
  addressToken: { addressToken: string; expiresAt: string } | null;
  notice: string | null;
  paymentMethodId: string | null;
  returnUrl: string | null;
  /** the card page that comes next (docs/machines.md "Navigation") */
  destination: string | null;
}
export type BillingAddressEvent =
  | { type: 'user.submit'; form: Partial<AddressForm> }
  | DoneActorEvent<Address, 'createAddress'>
  | ErrorActorEvent<unknown, 'createAddress'>
  | DoneActorEvent<Address, 'updateAddress'>
  | ErrorActorEvent<unknown, 'updateAddress'>
  | DoneActorEvent<{ addressToken: string; expiresAt: string }, 'addSingleUseAddress'>
  | ErrorActorEvent<unknown, 'addSingleUseAddress'>;

export type AddressRequest = v.InferOutput<typeof AddressInput>;
/** the address as sent: trimmed by the schema, an empty second line as null, an empty phone as null */
export function addressOf(form: Partial<AddressForm>): AddressRequest {
  const r = v.safeParse(AddressInput, { ...form, type: 'Billing', country: 'US', addressLine2: form.addressLine2?.trim() ? form.addressLine2 : null, phoneNumber: form.phoneNumber?.trim() ? form.phoneNumber : null });
  if (!r.success) throw new Error('address: the form is not valid');
  return { ...r.output, addressLine2: r.output.addressLine2 || null, phoneNumber: r.output.phoneNumber || null };
}
export function createAddressRequest({ context }: { context: Pick<BillingAddressContext, 'form'> }): { input: AddressRequest } {
  return { input: addressOf(context.form) };
}
export function updateAddressRequest({ context }: { context: Pick<BillingAddressContext, 'form' | 'addressId'> }): { addressId: string; input: AddressRequest } {
  if (!context.addressId) throw new Error('updateAddress: no address to edit');
  return { addressId: context.addressId, input: addressOf(context.form) };
}
/** the guest's wallet: one single-use address per order or gift */
export const GUEST_WALLET_TARGET = 'guest';
export function addSingleUseAddressRequest({ context }: { context: Pick<BillingAddressContext, 'form'> }): { walletTarget: string; input: AddressRequest } {
  return { walletTarget: GUEST_WALLET_TARGET, input: addressOf(context.form) };
}

const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'addressLine1', 'addressLine2', 'city', 'postalCode', 'countrySubdivision'] as const;
function fieldErrorsOf(form: Partial<AddressForm>) {
  const r = v.safeParse(AddressInput, { ...form, type: 'Billing', country: 'US', addressLine2: form.addressLine2 || null, phoneNumber: form.phoneNumber || null });
  const errors: BillingAddressContext['fieldErrors'] = {};
  if (!r.success) for (const issue of r.issues) {
    const key = issue.path?.[0]?.key as keyof AddressForm | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
const formOf = (a: Address | null | undefined): Partial<AddressForm> =>
  a ? Object.fromEntries(FIELDS.map((k) => [k, a[k] ?? ''])) : {};

export const billingAddressMachine = setup({
  types: { context: {} as BillingAddressContext, events: {} as BillingAddressEvent, input: {} as BillingAddressInput },
  actors: {
    createAddress: fromPromise<Address, { input: AddressRequest }>(async () => notProvided('createAddress')),
    updateAddress: fromPromise<Address, { addressId: string; input: AddressRequest }>(async () => notProvided('updateAddress')),
    addSingleUseAddress: fromPromise<{ addressToken: string; expiresAt: string }, { walletTarget: string; input: AddressRequest }>(async () => notProvided('addSingleUseAddress')),
  },
  guards: {
    isFormValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return Object.keys(fieldErrorsOf(event.form)).length === 0;
    },
    isGuest: ({ context }) => context.guest,
    isEdit: ({ context }) => context.mode === 'edit' && !!context.addressId,
  },
  actions: {
    notify: () => {},
    /** provided by the route: navigate to `destination` */
    redirect: () => {},
    /** provided by the route: a guest's address token is kept for the card page (src/services/guest-payment.ts) */
    keepGuestAddress: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<BillingAddressInput>(event);
      return { mode: i.mode ?? 'add', guest: !!i.guest, addressId: i.address?.addressId ?? null, form: formOf(i.address), paymentMethodId: i.paymentMethodId ?? null, returnUrl: destinationOr('', i.returnUrl) || null };
    }),
    assignForm: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { form: event.form, fieldErrors: {}, error: null };
    }),
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { form: event.form, fieldErrors: fieldErrorsOf(event.form), error: null };
    }),
    expect: assign({ expecting: true }),
    stopExpecting: assign({ expecting: false }),
    assignNewAddress: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.createAddress');
      return { newAddressId: event.output.addressId, notice: CardMessages.addressSaved };
    }),
    assignUpdated: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.updateAddress');
      return { newAddressId: null, notice: CardMessages.addressSaved };
    }),
    assignToken: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.addSingleUseAddress');
      return { addressToken: event.output, notice: CardMessages.addressSaved };
    }),
    /** the next card page: a guest's single-use card, a saved card's edit page, or a new card with this address */
    toCreditCard: assign(({ context }) => ({
      destination: context.guest
        ? pathTo.guestCreditCard(context.returnUrl)
        : context.paymentMethodId
          ? pathTo.editCreditCard(context.paymentMethodId)
          : pathTo.addCreditCard(context.newAddressId ?? context.addressId, context.returnUrl),
    })),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.createAddress', 'xstate.error.actor.updateAddress', 'xstate.error.actor.addSingleUseAddress']);
      const e = cardFlowError(event.error);
      return e.field && (FIELDS as readonly string[]).includes(e.field) ? { error: null, fieldErrors: { [e.field]: e.message } } : { error: e.message };
    }),
  },
}).createMachine({
  id: 'billingAddress',
  description: 'Add or edit a billing address; a guest gets a single-use address token.',
  meta: { title: 'Billing address add/edit', spec: '2 §2 Payment methods and addresses, §4 Billing address add/edit, §5 Guest address' },
  context: { mode: 'add', guest: false, addressId: null, form: {}, fieldErrors: {}, error: null, expecting: false, newAddressId: null, addressToken: null, notice: null, paymentMethodId: null, returnUrl: null, destination: null },
  entry: 'applyInput',
  initial: 'editing',
  states: {
    editing: {
      description: 'The address form (US): first and last name, phone, two lines, city, state, ZIP.',
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'assignForm' },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    submitting: {
      description: 'Which request: a guest’s single-use address, an edit, or a new address.',
      always: [{ guard: 'isGuest', target: 'savingSingleUse' }, { guard: 'isEdit', target: 'updating' }, { target: 'creating' }],
    },
    creating: {
      description: 'CREATE_ADDRESS; the expecting flag is on.',
      tags: ['loading'],
      entry: 'expect',
      exit: 'stopExpecting',
      invoke: { id: 'createAddress', src: 'createAddress', input: createAddressRequest, onDone: { target: 'saved', actions: ['assignNewAddress', 'toCreditCard'] }, onError: { target: 'editing', actions: 'assignError' } },
    },
    updating: {
      description: 'UPDATE_ADDRESS; the expecting flag is on.',
      tags: ['loading'],
      entry: 'expect',
      exit: 'stopExpecting',
      invoke: { id: 'updateAddress', src: 'updateAddress', input: updateAddressRequest, onDone: { target: 'saved', actions: ['assignUpdated', 'toCreditCard'] }, onError: { target: 'editing', actions: 'assignError' } },
    },
    savingSingleUse: {
      description: 'ADD_SINGLE_USE_BILLING_ADDRESS (guest payment token): the expecting flag is on.',
      tags: ['loading'],
      entry: 'expect',
      exit: 'stopExpecting',
      invoke: { id: 'addSingleUseAddress', src: 'addSingleUseAddress', input: addSingleUseAddressRequest, onDone: { target: 'saved', actions: ['assignToken', 'keepGuestAddress', 'toCreditCard'] }, onError: { target: 'editing', actions: 'assignError' } },
    },
    saved: { description: 'A toast, then the credit-card page.', tags: ['redirecting'], entry: ['notify', 'redirect'], type: 'final' },
  },
});
