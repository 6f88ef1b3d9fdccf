/** A member's previous orders (the previous-orders page) through the one GraphQL operation. */
import * as v from 'valibot';
import { PreviousOrdersResponse } from '../../../contracts/ordering-previous.ts';
import type { PreviousOrdersRequest } from '../../../machines/previous-orders.machine.ts';
import { graphql } from '../../graphql/graphql.ts';
import { graphqlOperation } from '../graphql.ts';

export const documents = {
  'get-previous-orders': graphql(`query GetPreviousOrders($input: GetPreviousOrdersInput!) { previousOrders(input: $input) { locale storeNumber previousOrders { orderId orderType locale storeNumber storeName timeZone status placedAt total currency expressOrder { orderToken } basket { items { quantity product { productNumber formCode name imageURL availability } size { sku sizeCode name } childItems { commerce { sku } optionProductNumber name sizeCode quantity } } } } } }`),
};
export const answers = { 'get-previous-orders': v.object({ previousOrders: PreviousOrdersResponse }) };

export const getPreviousOrders = async (input: PreviousOrdersRequest, signal?: AbortSignal) =>
  (await graphqlOperation(documents['get-previous-orders'], { input }, answers['get-previous-orders'], signal)).previousOrders;
