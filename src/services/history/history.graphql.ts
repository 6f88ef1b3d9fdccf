/** Order history, receipts and the reorder check through the one GraphQL operation (docs/home.md 4). */
import * as v from 'valibot';
import { OrderHistoryPage, OrderReceipt, ReorderCheck, type ReorderCheckInput } from '../../../contracts/order-history.ts';
import type { OrderHistoryRequest } from '../../../machines/order-history.machine.ts';
import type { ReceiptRequest } from '../../../machines/receipt.machine.ts';
import { graphql } from '../../graphql/graphql.ts';
import { graphqlOperation } from '../graphql.ts';

export const documents = {
  orderHistory: graphql(
    `query OrderHistory($input: OrderHistoryInput!) { orderHistory(input: $input) { nextCursor orders { orderId placedAt store { storeNumber name timeZone } pickupOption items { name sizeName quantity price discount options { name quantity price } } total currency payment starsEarned status } } }`,
  ),
  orderReceipt: graphql(
    `query OrderReceipt($input: OrderReceiptInput!) { orderReceipt(input: $input) { orderId placedAt store { storeNumber name timeZone } pickupOption items { name sizeName quantity price discount options { name quantity price } } total currency payment starsEarned status subtotal discount offers tax taxIncluded taxIncludedNote tip tenders { label amount } starsSpent } }`,
  ),
  reorderCheck: graphql(
    `query ReorderCheck($input: ReorderCheckInput!) { reorderCheck(input: $input) { storeNumber unavailable { name reason } items { quantity product { productNumber formCode name imageURL availability } size { sku sizeCode name } childItems { commerce { sku } optionProductNumber name sizeCode quantity } } } }`,
  ),
};

/** the answer contracts the calls validate with (scripts/graphql-documents.test.ts checks each document selects exactly their fields) */
export const answers = {
  orderHistory: v.object({ orderHistory: OrderHistoryPage }),
  orderReceipt: v.object({ orderReceipt: OrderReceipt }),
  reorderCheck: v.object({ reorderCheck: ReorderCheck }),
};

export const getOrderHistory = async (input: OrderHistoryRequest, signal?: AbortSignal) =>
  (await graphqlOperation(documents.orderHistory, { input }, answers.orderHistory, signal)).orderHistory;
export const getOrderReceipt = async (input: ReceiptRequest, signal?: AbortSignal) =>
  (await graphqlOperation(documents.orderReceipt, { input }, answers.orderReceipt, signal)).orderReceipt;
export const getReorderCheck = async (input: ReorderCheckInput, signal?: AbortSignal) =>
  (await graphqlOperation(documents.reorderCheck, { input }, answers.reorderCheck, signal)).reorderCheck;
