/**
 * Card and payment API clients and the actor implementations of the card machines (docs/machines.md: each
 * actor only sends the input its invoke's mapper built). REST under /apiproxy/v1/account; GraphQL through the one
 * GraphQL operation (documents by the spec's operation names in cards.graphql.ts, loaded on the first call).
 */
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import {
  AddCardResponse,
  BarcodeResponse,
  CardDetailResponse,
  CardListResponse,
  PaymentMethodListResponse,
  PaymentMethod,
  ReloadResponse,
  RemoveCardResponse,
  MakePrimaryResponse,
  TokenizeResponse,
  ADDRESS_LIST_STALE_MS,
  cardCodeMessage,
  type Address,
} from '../../contracts/cards.ts';
import type { AddressRequest } from '../../machines/billing-address.machine.ts';
import type { AddMethodInput, TokenizeInput, UpdateMethodInput } from '../../machines/credit-card.machine.ts';
import type { MethodIdRequest } from '../../machines/payment-methods.machine.ts';
import type { TransferBalanceInput, TransferResult } from '../../machines/transfer.machine.ts';
import type { AddCardInput } from '../../machines/add-card.machine.ts';
import type { ReloadInput } from '../../machines/add-money.machine.ts';
import type { AutoReloadResult, SaveAutoReloadVariables } from '../../machines/auto-reload.machine.ts';
import type { CardIdRequest } from '../../machines/cards.machine.ts';
import { api } from './api.ts';
import { callWith } from './flow-error.ts';

const call = callWith(cardCodeMessage);

/**
 * A GraphQL call of the card area (cards.graphql.ts, loaded on first use so that urql and the documents are not
 * in the card pages' first load); a failure is rethrown as the REST calls' (`call`: `toFlowError` with the card catalogue).
 */
const graphqlCalls = () => import('./cards.graphql.ts').then((m) => m.cardsGraphql);

const A = '/account';
export const cardsApi = {
  list: () => call(api.get(`${A}/cards`, { schema: CardListResponse })),
  detail: (cardId: string) => call(api.get(`${A}/cards/${encodeURIComponent(cardId)}`, { schema: CardDetailResponse })),
  barcode: (cardId: string) => call(api.post(`${A}/cards/barcode`, { cardId }, { schema: BarcodeResponse })),
  add: (input: AddCardInput) => call(api.post(`${A}/cards/add`, input, { schema: AddCardResponse })),
  reload: (input: ReloadInput) => call(api.post(`${A}/cards/${encodeURIComponent(input.cardId)}/reload`, { amount: input.amount, paymentMethodId: input.paymentMethodId, idempotencyKey: input.idempotencyKey }, { schema: ReloadResponse })),
  remove: (cardId: string) => call(api.post(`${A}/cards/${encodeURIComponent(cardId)}/remove`, {}, { schema: RemoveCardResponse })),
  makePrimary: (cardId: string) => call(api.post(`${A}/cards/${encodeURIComponent(cardId)}/make-primary`, {}, { schema: MakePrimaryResponse })),
  methods: () => call(api.get(`${A}/payment-methods`, { schema: PaymentMethodListResponse })),
  addMethod: (input: { token: string; billingAddressId?: string; makeDefault?: boolean }) => call(api.post(`${A}/payment-methods`, input, { schema: v.object({ paymentMethod: PaymentMethod }) })),
  makeDefault: (id: string) => call(api.post(`${A}/payment-methods/${encodeURIComponent(id)}/default`, {}, { schema: PaymentMethodListResponse })),
  removeMethod: (id: string) => call(api.del(`${A}/payment-methods/${encodeURIComponent(id)}`, { schema: PaymentMethodListResponse })),
  updateMethod: ({ paymentMethodId, ...body }: UpdateMethodInput) => call(api.patch(`${A}/payment-methods/${encodeURIComponent(paymentMethodId)}`, body, { schema: v.object({ paymentMethod: PaymentMethod }) })),
  tokenize: (input: { number: string; expMonth: number; expYear: number; cvc: string; postalCode?: string; singleUse?: boolean }) => call(api.post('/sandbox-processor/tokens', input, { schema: TokenizeResponse })),
  approvePaypal: (email: string) => call(api.post('/sandbox-processor/paypal/approve', { email }, { schema: TokenizeResponse })),
  addresses: () => call(graphqlCalls().then((g) => g.addresses())),
  createAddress: (input: AddressRequest) => call(graphqlCalls().then((g) => g.createAddress(input))),
  updateAddress: (addressId: string, input: AddressRequest) => call(graphqlCalls().then((g) => g.updateAddress(addressId, input))),
  singleUseAddress: (walletTarget: string, input: AddressRequest) => call(graphqlCalls().then((g) => g.singleUseAddress(walletTarget, input))),
};

export function cardsActors() {
  return {
    loadCards: fromPromise<{ cards: CardListResponse['cards'] }, void>(() => cardsApi.list()),
    removeCard: fromPromise<{ cardNumber: string }, CardIdRequest>(({ input }) => cardsApi.remove(input.cardId)),
    makePrimary: fromPromise<MakePrimaryResponse, CardIdRequest>(({ input }) => cardsApi.makePrimary(input.cardId)),
  };
}
type MakePrimaryResponse = v.InferOutput<typeof MakePrimaryResponse>;

export const barcodeActors = () => ({ fetchBarcode: fromPromise<BarcodeResponse, { cardId: string }>(({ input }) => cardsApi.barcode(input.cardId)) });
export const addMoneyActors = () => ({ reload: fromPromise<ReloadResponse, ReloadInput>(({ input }) => cardsApi.reload(input)) });
export const addCardActors = () => ({
  addCard: fromPromise<AddCardResponse, AddCardInput>(({ input }) => cardsApi.add(input)),
  removeCard: fromPromise<{ cardNumber: string }, { cardId: string }>(({ input }) => cardsApi.remove(input.cardId)),
});
export const autoReloadActors = () => ({
  createAutoReload: fromPromise<AutoReloadResult, SaveAutoReloadVariables>(({ input }) => call(graphqlCalls().then((g) => g.createAutoReload(input)))),
  updateAutoReload: fromPromise<AutoReloadResult, SaveAutoReloadVariables>(({ input }) => call(graphqlCalls().then((g) => g.updateAutoReload(input)))),
  disableAutoReload: fromPromise<AutoReloadResult, { cardId: string }>(({ input }) => call(graphqlCalls().then((g) => g.disableAutoReload(input)))),
});

// ---- payment methods, addresses, PayPal, transfer (machines: payment-methods, billing-address, credit-card,
// paypal-consent, transfer). The card number and security code go only to the processor's tokenisation endpoint.
export const paymentMethodsActors = () => ({
  loadMethods: fromPromise<PaymentMethodListResponse, void>(() => cardsApi.methods()),
  makeDefault: fromPromise<PaymentMethodListResponse, MethodIdRequest>(({ input }) => cardsApi.makeDefault(input.paymentMethodId)),
  removeMethod: fromPromise<PaymentMethodListResponse, MethodIdRequest>(({ input }) => cardsApi.removeMethod(input.paymentMethodId)),
});
export const billingAddressActors = () => ({
  createAddress: fromPromise<Address, { input: AddressRequest }>(({ input }) => cardsApi.createAddress(input.input)),
  updateAddress: fromPromise<Address, { addressId: string; input: AddressRequest }>(({ input }) => cardsApi.updateAddress(input.addressId, input.input)),
  addSingleUseAddress: fromPromise<{ addressToken: string; expiresAt: string }, { walletTarget: string; input: AddressRequest }>(({ input }) => cardsApi.singleUseAddress(input.walletTarget, input.input)),
});
export const creditCardActors = () => ({
  tokenize: fromPromise<TokenizeResponse, TokenizeInput>(({ input }) => cardsApi.tokenize(input)),
  addMethod: fromPromise<{ paymentMethod: PaymentMethod }, AddMethodInput>(({ input }) => cardsApi.addMethod(input)),
  updateMethod: fromPromise<{ paymentMethod: PaymentMethod }, UpdateMethodInput>(({ input }) => cardsApi.updateMethod(input)),
});
export const paypalActors = () => ({
  approvePaypal: fromPromise<TokenizeResponse, { email: string }>(({ input }) => cardsApi.approvePaypal(input.email)),
  addMethod: fromPromise<{ paymentMethod: PaymentMethod }, { token: string }>(({ input }) => cardsApi.addMethod(input)),
});
export const transferActors = () => ({
  transferBalance: fromPromise<TransferResult, TransferBalanceInput>(({ input }) => call(graphqlCalls().then((g) => g.transferBalance(input)))),
});
/** GET_ADDRESS_LIST (spec 9: the address list is stale after 1 week); null for a guest */
export const addressListQuery = { queryKey: ['account', 'addresses'], queryFn: () => cardsApi.addresses(), staleTime: ADDRESS_LIST_STALE_MS } as const;
