/**
 * Payment methods, /account/payment-method (spec 2 section 2 "Payment methods and addresses", content not shown:
 * docs/cards.md; section 4 Payment selection: 'Your account has no payment methods.'): load, make another method
 * the default, remove one after a confirmation; toasts on success, the catalogue's text on failure.
 */
import { expect } from 'vitest';
import { makeDefaultRequest, paymentMethodsMachine, removeMethodRequest } from '../payment-methods.machine.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { cardError, done, fail, method, serverDown } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const two = [method('pm_1', true), method('pm_2')];
const swapped = [method('pm_2', true), method('pm_1')];
export const paymentMethodsEvents = [
  done('loadMethods', { paymentMethods: two }),
  fail('loadMethods', serverDown),
  { type: 'user.retry' },
  { type: 'user.makeDefault', paymentMethodId: 'pm_1' },
  { type: 'user.makeDefault', paymentMethodId: 'pm_2' },
  { type: 'user.remove', paymentMethodId: 'pm_9' },
  { type: 'user.remove', paymentMethodId: 'pm_1' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  done('makeDefault', { paymentMethods: swapped }),
  fail('makeDefault', cardError('PAYMENT_METHOD_NOT_FOUND')),
  done('removeMethod', { paymentMethods: [method('pm_2', true)] }),
  fail('removeMethod', serverDown),
];
type Snap = { value: unknown; context: { methods: unknown[]; targetId: string | null; error: string | null; notice: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, n: s.context.methods.length, t: s.context.targetId, e: s.context.error, x: s.context.notice });

const Pm = paymentMethodsEvents as ReadonlyArray<{ type: string }>;

export const paymentMethodsFlow: Flow<typeof paymentMethodsMachine> = {
  machine: paymentMethodsMachine,
  table: {
    loading: { 'xstate.done.actor.loadMethods': 'ready', 'xstate.error.actor.loadMethods': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    ready: {
      // the default is already the default: nothing to do
      'user.makeDefault': { guard: 'isListedOther', to: 'makingDefault' },
      'user.remove': { guard: 'isListed', to: 'confirmingRemove' },
    },
    makingDefault: { 'xstate.done.actor.makeDefault': 'ready', 'xstate.error.actor.makeDefault': 'ready' },
    confirmingRemove: { 'user.confirm': 'removing', 'user.cancel': 'ready' },
    removing: { 'xstate.done.actor.removeMethod': 'ready', 'xstate.error.actor.removeMethod': 'ready' },
  },
  // spec 2 "payment methods": make another method the default; remove one after a confirmation
  journeys: [
    { name: 'make another the default', events: [Pm[0]!, Pm[4]!, Pm[9]!], ends: 'ready' },
    { name: 'making the default', events: [Pm[0]!, Pm[4]!], ends: 'makingDefault' },
    { name: 'make the default fails', events: [Pm[0]!, Pm[4]!, Pm[10]!], ends: 'ready' },
    { name: 'the default already', events: [Pm[0]!, Pm[3]!], ends: 'ready' },
    { name: 'remove a method', events: [Pm[0]!, Pm[6]!, Pm[7]!, Pm[11]!], ends: 'ready' },
    { name: 'removing', events: [Pm[0]!, Pm[6]!, Pm[7]!], ends: 'removing' },
    { name: 'asked to confirm', events: [Pm[0]!, Pm[6]!], ends: 'confirmingRemove' },
    { name: 'remove fails', events: [Pm[0]!, Pm[6]!, Pm[7]!, Pm[12]!], ends: 'ready' },
    { name: 'remove, cancelled', events: [Pm[0]!, Pm[6]!, Pm[8]!], ends: 'ready' },
    { name: 'an unknown method is not removed', events: [Pm[0]!, Pm[5]!], ends: 'ready' },
    { name: 'the load fails, retried', events: [Pm[1]!, Pm[2]!, Pm[0]!], ends: 'ready' },
    { name: 'the load fails', events: [Pm[1]!], ends: 'loadFailed' },
  ],
  sees: {
    loading: { tags: ['loading'] },
    loadFailed: { tags: ['error'] },
    makingDefault: { tags: ['loading'] },
    confirmingRemove: { tags: ['dialog'] },
    removing: { tags: ['loading', 'dialog'] },
  },
  effects: {
    'xstate.done.actor.makeDefault -> ready': ['notify'],
    'xstate.done.actor.removeMethod -> ready': ['notify'],
  },
  arrange(machine) {
    const fakes = requestFakes({ makeDefault: makeDefaultRequest, removeMethod: removeMethodRequest });
    const spy = spyActions(['notify'] as const);
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadMethods: stuck() }, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: paymentMethodsEvents as never, serializeState: serializeState as never } }],
      onStep(s, event) {
        const c = s.context;
        if (event.type === 'xstate.done.actor.loadMethods') expect([c.methods, c.error, c.targetId]).toEqual([two, null, null]);
        if (s.matches('loadFailed')) expect(c.error).toBe('Something went wrong. Please try again.');
        if (event.type === 'user.retry') expect(c.error).toBeNull();
        // only a method that is not already the default
        if (s.matches('makingDefault')) expect([c.methods.find((m) => m.paymentMethodId === c.targetId)?.default, c.error, fakes.last('makeDefault')]).toEqual([false, null, { paymentMethodId: c.targetId }]);
        if (s.matches('confirmingRemove')) expect([c.targetId, c.error]).toEqual(['pm_1', null]);
        if (s.matches('removing')) expect(fakes.last('removeMethod')).toEqual({ paymentMethodId: 'pm_1' });
        if (event.type === 'user.cancel') expect(c.targetId).toBeNull();
        if (event.type === 'xstate.done.actor.makeDefault') expect([c.methods, c.notice, c.targetId]).toEqual([swapped, 'Default payment method updated', null]);
        if (event.type === 'xstate.error.actor.makeDefault') expect([c.error, c.targetId]).toEqual(['We could not find that payment method.', null]);
        if (event.type === 'xstate.done.actor.removeMethod') expect([c.methods.length, c.notice, c.targetId]).toEqual([1, 'Payment method removed', null]);
        if (event.type === 'xstate.error.actor.removeMethod') expect([c.error, c.targetId]).toEqual(['Something went wrong. Please try again.', null]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('removeMethod')).toEqual([{ paymentMethodId: 'pm_1' }]);
        expect(fakes.distinct('makeDefault')).toEqual(expect.arrayContaining([{ paymentMethodId: 'pm_2' }]));
      },
    };
  },
};
