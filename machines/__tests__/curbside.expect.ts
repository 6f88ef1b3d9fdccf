/**
 * Curbside check-in (spec 1 section 4, section 5 stall 1..N 'Select your parking spot' and first name from the
 * profile or query string, asked for when missing; section 8 curbside error and unavailable messages).
 */
import { expect } from 'vitest';
import { arrivalRequest, curbsideMachine, type CurbsideContext } from '../curbside.machine.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import { requestFakes } from './model.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const err = (code: string, status: number) => ({ status, code, message: 'x', body: { code } });
export const curbsideEvents = [
  { type: 'user.setName', firstName: '  ' },
  { type: 'user.setName', firstName: ' Ana ' },
  { type: 'user.selectStall', stallNumber: 0 },
  { type: 'user.selectStall', stallNumber: 6 },
  { type: 'user.selectStall', stallNumber: 7 },
  { type: 'user.submit' },
  done('createArrival', { arrivalId: 'a1' }),
  fail('createArrival', err('CURBSIDE_UNAVAILABLE', 409)),
  fail('createArrival', err('CURBSIDE_CLOSED', 409)),
  fail('createArrival', err('STALL_INVALID', 400)),
  fail('createArrival', err('UNEXPECTED_ERROR', 500)),
  fail('createArrival', err('ORDER_NOT_FOUND', 404)),
];
type Snap = { value: unknown; context: CurbsideContext };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, n: s.context.firstName, s: s.context.stallNumber, e: s.context.error, to: s.context.destination });
const TOKEN = 'ot_aaaaaaaaaaaaaaaaaaaaaaaa';
const ORDER = 'ord_cccccccccc06';
type Ids = { orderToken: string | null; orderId: string | null };
const byToken: Ids = { orderToken: TOKEN, orderId: null };
const input = (firstName: string | null, availability: 'available' | 'unavailable' | 'closed' = 'available', ids: Ids = byToken) => ({ storeNumber: '10006', ...ids, firstName, stallQuantity: 6, availability });
/** what each run identifies its order by (the request must carry exactly these) */
const IDS: Record<string, Ids> = {
  named: byToken,
  'no name': byToken,
  unavailable: byToken,
  closed: byToken,
  'member by orderId': { orderToken: null, orderId: ORDER },
  'guest from the tracker': { orderToken: TOKEN, orderId: ORDER },
};

const K = curbsideEvents as ReadonlyArray<{ type: string }>;

export const curbsideFlow: Flow<typeof curbsideMachine> = {
  machine: curbsideMachine,
  table: {
    starting: { always: [{ guard: 'isUnavailable', to: 'unavailable' }, { guard: 'isClosed', to: 'closed' }, { guard: 'hasName', to: 'idle' }, 'askingName'] },
    askingName: { 'user.setName': { guard: 'isNameGiven', to: 'idle' } },
    idle: { 'user.selectStall': null, 'user.submit': [{ guard: 'isStallValid', to: 'loading' }, null] },
    loading: {
      'xstate.done.actor.createArrival': 'success',
      'xstate.error.actor.createArrival': [{ guard: 'isUnavailableCode', to: 'unavailable' }, { guard: 'isClosedCode', to: 'closed' }, { guard: 'isStallCode', to: 'idle' }, { guard: 'isNotFoundCode', to: 'notFound' }, 'idle'],
    },
  },
  // spec 1 "curbside": a name, then a stall, then the arrival; unavailable/closed answers end the flow
  journeys: [
    { name: 'named: choose a stall, arrive', run: 'named', events: [K[3]!, K[5]!, K[6]!], ends: 'success' },
    { name: 'no name: give one first', run: 'no name', events: [K[1]!, K[3]!, K[5]!, K[6]!], ends: 'success' },
    { name: 'no name: asked for it', run: 'no name', events: [], ends: 'askingName' },
    { name: 'no stall chosen: not sent', run: 'named', events: [K[2]!, K[5]!], ends: 'idle' },
    { name: 'a stall past the last: not sent', run: 'named', events: [K[4]!, K[5]!], ends: 'idle' },
    { name: 'curbside became unavailable', run: 'named', events: [K[3]!, K[5]!, K[7]!], ends: 'unavailable' },
    { name: 'curbside closed', run: 'named', events: [K[3]!, K[5]!, K[8]!], ends: 'closed' },
    { name: 'the stall is refused', run: 'named', events: [K[3]!, K[5]!, K[9]!], ends: 'idle' },
    { name: 'the server fails', run: 'named', events: [K[3]!, K[5]!, K[10]!], ends: 'idle' },
    { name: 'sending', run: 'named', events: [K[3]!, K[5]!], ends: 'loading' },
    { name: 'unavailable from the start', run: 'unavailable', events: [], ends: 'unavailable' },
    { name: 'closed from the start', run: 'closed', events: [], ends: 'closed' },
    { name: 'a member from the tracker: by orderId, arrives', run: 'member by orderId', events: [K[3]!, K[5]!, K[6]!], ends: 'success' },
    { name: 'a guest from the tracker: token and orderId, arrives', run: 'guest from the tracker', events: [K[3]!, K[5]!, K[6]!], ends: 'success' },
    { name: 'the server finds no such order: how to find it', run: 'member by orderId', events: [K[3]!, K[5]!, K[11]!], ends: 'notFound' },
  ],
  sees: {
    loading: { tags: ['loading'] },
    unavailable: { message: 'Curbside is not available right now. Head to the entryway or drive-thru to pick up your order. See you soon!' },
    closed: { message: 'Curbside pickup is closed right now.' },
    notFound: { message: "We couldn't find a recent order on this device." },
  },
  effects: { '* -> success': ['redirect'] },
  catalogue: OrderingTexts,
  arrange(machine) {
    const fakes = requestFakes({ createArrival: arrivalRequest });
    const spy = spyActions(['notify'] as const);
    // navigation, checked per step against `effects`
    const nav = spyActions(['redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: { ...spy.actions, ...nav.actions } }),
      runs: [
        { name: 'named', options: { events: curbsideEvents as never, input: input('Avery'), serializeState: serializeState as never } },
        { name: 'no name', options: { events: curbsideEvents as never, input: input(null), serializeState: serializeState as never } },
        { name: 'unavailable', options: { events: curbsideEvents as never, input: input('Avery', 'unavailable'), serializeState: serializeState as never } },
        { name: 'closed', options: { events: curbsideEvents as never, input: input('Avery', 'closed'), serializeState: serializeState as never } },
        { name: 'member by orderId', options: { events: curbsideEvents as never, input: input('Avery', 'available', IDS['member by orderId']), serializeState: serializeState as never } },
        { name: 'guest from the tracker', options: { events: curbsideEvents as never, input: input('Avery', 'available', IDS['guest from the tracker']), serializeState: serializeState as never } },
      ],
      spy: nav,
      beforePath: () => spy.clear(),
      onStep(s, event, run) {
        const c = s.context;
        const ev = event as { type: string; error?: { code: string }; stallNumber?: number };
        const effects = spy.step().map((e) => `${e.name}:${(e.params as { message: string }).message}`);
        // checked in: the success page
        expect(c.destination).toBe(s.matches('success') ? '/pickup/curbside/success' : null);
        if (ev.type === 'xstate.init') expect(s.value).toBe({ named: 'idle', 'no name': 'askingName', unavailable: 'unavailable', closed: 'closed', 'member by orderId': 'idle', 'guest from the tracker': 'idle' }[run]);
        if (ev.type === 'user.setName') expect(c.firstName).toBe('Ana');
        if (ev.type === 'user.submit') {
          const valid = c.stallNumber !== null && c.stallNumber >= 1 && c.stallNumber <= 6;
          expect(s.matches('loading')).toBe(valid);
          if (!valid) expect(OrderingTexts[c.error!]).toBe('Select your parking spot');
          else {
            // the order as the page named it: the token, the orderId, or both (never a null field)
            const ids = IDS[run]!;
            expect(fakes.last('createArrival')).toEqual({
              customerArrivalInput: { pickUpOption: 'CX', storeNumber: '10006', ...(ids.orderToken ? { orderToken: ids.orderToken } : {}), ...(ids.orderId ? { orderId: ids.orderId } : {}), displayName: c.firstName, stallNumber: c.stallNumber },
            });
          }
        }
        if (ev.type === 'xstate.error.actor.createArrival' && ev.error!.code === 'STALL_INVALID') expect(c.error).toBe('selectParkingSpot');
        if (ev.type === 'xstate.error.actor.createArrival' && ev.error!.code === 'UNEXPECTED_ERROR') {
          expect(effects).toEqual(['notify:curbsideError']);
          expect(OrderingTexts[c.error!]).toBe('Something went wrong on our end. If you have placed an order, park in curbside pick up.');
        } else expect(effects).toEqual([]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
