/**
 * The console's Menu tab: the sold-out switch's request and actor (machines/sold-out-switch.machine.ts;
 * docs/order-status.md 2.5, 3.7 `PUT /store/{n}/stock/{productNumber}`). The answer names the `stock` event the save
 * wrote; that event comes back on the store feed (consoleQueue's `stock`), so nothing is cached here.
 */
import { fromPromise } from 'xstate';
import { StockResponse } from '../../../contracts/order-status.ts';
import type { SetStockRequest, StockSaved } from '../../../machines/sold-out-switch.machine.ts';
import { api } from '../api.ts';
import { call } from './queue.ts';

export const putStock = (request: SetStockRequest, signal?: AbortSignal): Promise<StockSaved> =>
  call(api.put(`/store/${encodeURIComponent(request.storeNumber)}/stock/${request.productNumber}`, { soldOut: request.soldOut }, { schema: StockResponse, ...(signal ? { signal } : {}) }));

export const soldOutSwitchActors = {
  setStock: fromPromise<StockSaved, SetStockRequest>(({ input, signal }) => putStock(input, signal)),
};
