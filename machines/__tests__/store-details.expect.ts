/** Store details overlay (spec 1 section 2): one store's details cover the list until closed. */
import { expect } from 'vitest';
import { storeDetailsMachine } from '../store-details.machine.ts';
import type { Flow } from './flow.ts';

export const storeDetailsFlow: Flow<typeof storeDetailsMachine> = {
  machine: storeDetailsMachine,
  table: {
    closed: { 'user.openDetails': 'open' },
    open: { 'user.openDetails': null, 'user.closeDetails': 'closed' },
  },
  sees: {},
  arrange: (machine) => ({
    machine,
    runs: [
      {
        name: '',
        options: {
          events: [{ type: 'user.openDetails', storeNumber: '1-1001' }, { type: 'user.openDetails', storeNumber: '3-1003' }, { type: 'user.closeDetails' }],
          serializeState: (s) => JSON.stringify({ v: s.value, c: s.context.storeNumber }),
        },
      },
    ],
    onStep(s, event) {
      expect(s.matches('open')).toBe(s.context.storeNumber !== null);
      if (event.type === 'user.openDetails') expect(s.context.storeNumber).toBe((event as unknown as { storeNumber: string }).storeNumber);
    },
  }),
};
