/**
 * The console's Menu tab: the sold-out switch's request and actor (machines/sold-out-switch.machine.ts;
 * docs/order-status.md 2.5, 3.7 `PUT /store/{n}/stock/{productNumber}`). The switch's saved position comes back on
 * the store feed as a `stock` event (consoleQueue's `stock`), so nothing is cached here.
 */
import { fromPromise } from 'xstate';
import { StockResponse } from '../../../contracts/order-status.ts';
import type { SetStockRequest, StockToggle } from '../../../machines/sold-out-switch.machine.ts';
import { api } from '../api.ts';
import { call } from './queue.ts';

export const putStock = (request: SetStockRequest, signal?: AbortSignal): Promise<StockToggle> =>
  call(api.put(`/store/${encodeURIComponent(request.storeNumber)}/stock/${request.productNumber}`, { soldOut: request.soldOut }, { schema: StockResponse, ...(signal ? { signal } : {}) }));

export const soldOutSwitchActors = {
  setStock: fromPromise<StockToggle, SetStockRequest>(({ input, signal }) => putStock(input, signal)),
};
