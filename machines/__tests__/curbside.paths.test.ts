import { describe, expect, it } from 'vitest';
import { describeFlow } from './flow.ts';
import { curbsideFlow } from './curbside.expect.ts';
import { arrivalRequest } from '../curbside.machine.ts';

describeFlow(curbsideFlow);

describe('arrivalRequest', () => {
  const base = { storeNumber: '10006', firstName: ' Ana ', stallNumber: 2 };
  it('names the order by token, by orderId, or both; never neither', () => {
    expect(arrivalRequest({ context: { ...base, orderToken: null, orderId: 'ord_cccccccccc06' } }).customerArrivalInput).toEqual({ pickUpOption: 'CX', storeNumber: '10006', orderId: 'ord_cccccccccc06', displayName: 'Ana', stallNumber: 2 });
    expect(() => arrivalRequest({ context: { ...base, orderToken: null, orderId: null } })).toThrow('createArrival: no order');
  });
});
