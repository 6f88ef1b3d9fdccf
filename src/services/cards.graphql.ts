/**
 * The card area's GraphQL documents (spec 7 operation names; schema: server/cards/graphql.ts), typed from
 * schema.graphql by gql.tada, and their calls through the one GraphQL operation (src/services/graphql.ts), each
 * answer validated with its contract. The card pages load this module only when they make one of these calls
 * (`import()` in cards.actors.ts), so urql is not part of their first load (docs/architecture.md#graphql).
 */
import { graphql } from '../graphql/graphql.ts';
import * as v from 'valibot';
import { Address, AddressListAnswer, AutoReloadResult, SingleUseAddressResponse, TransferBalanceResult } from '../../contracts/cards.ts';
import type { AddressRequest } from '../../machines/billing-address.machine.ts';
import type { SaveAutoReloadVariables } from '../../machines/auto-reload.machine.ts';
import type { TransferBalanceInput } from '../../machines/transfer.machine.ts';
import { graphqlOperation } from './graphql.ts';

const AddressFields = graphql(`fragment AddressFields on Address { addressId type firstName lastName phoneNumber addressLine1 addressLine2 city postalCode countrySubdivision country }`);
const AutoReloadFields = graphql(`fragment AutoReloadFields on AutoReload { cardId status isActive amount triggerAmount paymentMethodId paymentInstrumentId }`);

export const documents = {
  GET_ADDRESS_LIST: graphql(`query GET_ADDRESS_LIST { user { addressList { ...AddressFields } } }`, [AddressFields]),
  CREATE_ADDRESS: graphql(`mutation CREATE_ADDRESS($input: AddressInput!) { createAddress(input: $input) { ...AddressFields } }`, [AddressFields]),
  UPDATE_ADDRESS: graphql(`mutation UPDATE_ADDRESS($addressId: ID!, $input: AddressInput!) { updateAddress(addressId: $addressId, input: $input) { ...AddressFields } }`, [AddressFields]),
  ADD_SINGLE_USE_BILLING_ADDRESS: graphql(`mutation ADD_SINGLE_USE_BILLING_ADDRESS($walletTarget: String!, $input: AddressInput!) { addSingleUseBillingAddress(walletTarget: $walletTarget, input: $input) { addressToken expiresAt } }`),
  CREATE_AUTO_RELOAD: graphql(`mutation CREATE_AUTO_RELOAD($cardId: ID!, $amount: Int, $triggerAmount: Int, $paymentMethodId: ID, $risk: RiskInput) { createAutoReload(cardId: $cardId, amount: $amount, triggerAmount: $triggerAmount, paymentMethodId: $paymentMethodId, risk: $risk) { ...AutoReloadFields } }`, [AutoReloadFields]),
  UPDATE_AUTO_RELOAD: graphql(`mutation UPDATE_AUTO_RELOAD($cardId: ID!, $amount: Int, $triggerAmount: Int, $paymentMethodId: ID, $risk: RiskInput) { updateAutoReload(cardId: $cardId, amount: $amount, triggerAmount: $triggerAmount, paymentMethodId: $paymentMethodId, risk: $risk) { ...AutoReloadFields } }`, [AutoReloadFields]),
  DISABLE_AUTO_RELOAD: graphql(`mutation DISABLE_AUTO_RELOAD($cardId: ID!, $risk: RiskInput) { disableAutoReload(cardId: $cardId, risk: $risk) { ...AutoReloadFields } }`, [AutoReloadFields]),
  TRANSFER_CARD_BALANCE: graphql(`mutation TRANSFER_CARD_BALANCE($sourceCardId: ID!, $targetCardId: ID!, $amount: Int, $idempotencyKey: String!) { transferCardBalance(sourceCardId: $sourceCardId, targetCardId: $targetCardId, amount: $amount, idempotencyKey: $idempotencyKey) { amount duplicateCode source { cardId balance } target { cardId balance } } }`),
};

/** the contract each document's `data` is validated with (scripts/graphql-documents.test.ts checks they agree) */
export const answers = {
  GET_ADDRESS_LIST: AddressListAnswer,
  CREATE_ADDRESS: v.object({ createAddress: Address }),
  UPDATE_ADDRESS: v.object({ updateAddress: Address }),
  ADD_SINGLE_USE_BILLING_ADDRESS: v.object({ addSingleUseBillingAddress: SingleUseAddressResponse }),
  CREATE_AUTO_RELOAD: v.object({ createAutoReload: AutoReloadResult }),
  UPDATE_AUTO_RELOAD: v.object({ updateAutoReload: AutoReloadResult }),
  DISABLE_AUTO_RELOAD: v.object({ disableAutoReload: AutoReloadResult }),
  TRANSFER_CARD_BALANCE: v.object({ transferCardBalance: TransferBalanceResult }),
} satisfies Record<keyof typeof documents, v.GenericSchema>;

const D = documents;
const A = answers;
export const cardsGraphql = {
  addresses: async () => (await graphqlOperation(D.GET_ADDRESS_LIST, {}, A.GET_ADDRESS_LIST)).user?.addressList ?? null,
  createAddress: async (input: AddressRequest) => (await graphqlOperation(D.CREATE_ADDRESS, { input }, A.CREATE_ADDRESS)).createAddress,
  updateAddress: async (addressId: string, input: AddressRequest) => (await graphqlOperation(D.UPDATE_ADDRESS, { addressId, input }, A.UPDATE_ADDRESS)).updateAddress,
  singleUseAddress: async (walletTarget: string, input: AddressRequest) => (await graphqlOperation(D.ADD_SINGLE_USE_BILLING_ADDRESS, { walletTarget, input }, A.ADD_SINGLE_USE_BILLING_ADDRESS)).addSingleUseBillingAddress,
  createAutoReload: async (input: SaveAutoReloadVariables) => (await graphqlOperation(D.CREATE_AUTO_RELOAD, input, A.CREATE_AUTO_RELOAD)).createAutoReload,
  updateAutoReload: async (input: SaveAutoReloadVariables) => (await graphqlOperation(D.UPDATE_AUTO_RELOAD, input, A.UPDATE_AUTO_RELOAD)).updateAutoReload,
  disableAutoReload: async (input: { cardId: string }) => (await graphqlOperation(D.DISABLE_AUTO_RELOAD, input, A.DISABLE_AUTO_RELOAD)).disableAutoReload,
  transferBalance: async (input: TransferBalanceInput) => (await graphqlOperation(D.TRANSFER_CARD_BALANCE, input, A.TRANSFER_CARD_BALANCE)).transferCardBalance,
};
