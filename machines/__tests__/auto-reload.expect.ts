/**
 * Auto reload, the #auto-reload modal (spec 2 section 3 auto-reload form, section 4 "Auto reload", section 5,
 * section 8 121009/121010): a submit is exactly one of no change (disabled, no active profile: nothing sent, the modal
 * closes), create (enabled, no profile), update (enabled, a profile) or disable (turned off, an active profile);
 * enabled without a payment method says so; no payment instrument at all goes to the payment-method page.
 */
import { expect } from 'vitest';
import { autoReloadMachine, createAutoReloadRequest, disableAutoReloadRequest, updateAutoReloadRequest } from '../auto-reload.machine.ts';
import { requestFakes } from './model.ts';
import { cardError, done, fail, method, serverDown } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

export const autoReloadProfile = { status: 'active' as const, isActive: true, amount: 2500, triggerAmount: 1000, paymentInstrumentId: 'pi_pm_1', paymentMethodId: 'pm_1', lastErrorCode: null, lastFiredAt: null };
const result = (isActive: boolean) => ({ cardId: 'c1', status: isActive ? 'active' : 'disabled', isActive, amount: 5000, triggerAmount: 1500, paymentMethodId: 'pm_1', paymentInstrumentId: 'pi_pm_1' });
export const autoReloadEvents = [
  { type: 'user.toggle', enabled: true },
  { type: 'user.toggle', enabled: false },
  { type: 'user.setAmount', amount: '50' },
  { type: 'user.setAmount', amount: 'fifty' },
  { type: 'user.setTrigger', triggerAmount: '15.00' },
  { type: 'user.selectMethod', paymentMethodId: '' },
  { type: 'user.selectMethod', paymentMethodId: 'pm_1' },
  { type: 'user.addPaymentMethod' },
  { type: 'user.submit' },
  { type: 'user.close' },
  done('createAutoReload', result(true)),
  fail('createAutoReload', cardError('121009', 'amount')),
  done('updateAutoReload', result(true)),
  fail('updateAutoReload', serverDown),
  done('disableAutoReload', result(false)),
  fail('disableAutoReload', cardError('121010', 'triggerAmount')),
];
type Snap = { value: unknown; context: Record<string, unknown> };
const serializeState = (s: Snap) => {
  const c = s.context;
  return JSON.stringify({ v: s.value, e: c.enabled, a: c.amount, t: c.triggerAmount, m: c.paymentMethodId, x: c.error, f: c.fieldErrors, n: c.notice });
};
const base = { cardId: 'c1', methods: [method('pm_1', true)], defaultAmount: 2500, defaultTrigger: 1000 };

const R = autoReloadEvents as ReadonlyArray<{ type: string }>;

export const autoReloadFlow: Flow<typeof autoReloadMachine> = {
  machine: autoReloadMachine,
  table: {
    editing: {
      'user.toggle': null,
      'user.setAmount': null,
      'user.setTrigger': null,
      'user.selectMethod': null,
      'user.addPaymentMethod': 'noPaymentMethod',
      'user.submit': 'deciding',
      'user.close': 'closed',
    },
    deciding: {
      always: [
        { guard: 'disabledWithoutProfile', to: 'unchanged' },
        { guard: 'disabledWithProfile', to: 'disabling' },
        { guard: 'missingMethod', to: 'editing' },
        { guard: 'enabledWithoutProfile', to: 'creating' },
        { guard: 'enabledWithProfile', to: 'updating' },
      ],
    },
    creating: { 'xstate.done.actor.createAutoReload': 'saved', 'xstate.error.actor.createAutoReload': 'editing' },
    updating: { 'xstate.done.actor.updateAutoReload': 'saved', 'xstate.error.actor.updateAutoReload': 'editing' },
    disabling: { 'xstate.done.actor.disableAutoReload': 'saved', 'xstate.error.actor.disableAutoReload': 'editing' },
  },
  // spec 2 section 4 "Auto reload": a submit is no change, create, update or disable
  journeys: [
    { name: 'turned on: created', run: 'no profile', events: [R[0]!, R[2]!, R[4]!, R[8]!, R[10]!], ends: 'saved' },
    { name: 'turned on, an unparsable amount: creating', run: 'no profile', events: [R[0]!, R[3]!, R[8]!], ends: 'creating' },
    { name: 'turned on, refused', run: 'no profile', events: [R[0]!, R[8]!, R[11]!], ends: 'editing' },
    { name: 'off without a profile: nothing sent', run: 'no profile', events: [R[8]!], ends: 'unchanged' },
    { name: 'turned on without a method', run: 'no profile', events: [R[0]!, R[5]!, R[8]!], ends: 'editing' },
    { name: 'a method chosen again', run: 'no profile', events: [R[0]!, R[5]!, R[6]!, R[8]!], ends: 'creating' },
    { name: 'a profile changed: updated', run: 'profile', events: [R[2]!, R[8]!, R[12]!], ends: 'saved' },
    { name: 'a profile changed, the server fails', run: 'profile', events: [R[8]!, R[13]!], ends: 'editing' },
    { name: 'a profile turned off: disabled', run: 'profile', events: [R[1]!, R[8]!, R[14]!], ends: 'saved' },
    { name: 'a profile turned off, refused', run: 'profile', events: [R[1]!, R[8]!, R[15]!], ends: 'editing' },
    { name: 'a disabled profile turned on: updated', run: 'disabled profile', events: [R[0]!, R[8]!, R[12]!], ends: 'saved' },
    { name: 'a disabled profile left off: nothing sent', run: 'disabled profile', events: [R[8]!], ends: 'unchanged' },
    { name: 'add a payment method', run: 'no profile', events: [R[7]!], ends: 'noPaymentMethod' },
    { name: 'close', run: 'profile', events: [R[9]!], ends: 'closed' },
  ],
  sees: { creating: { tags: ['loading'] }, updating: { tags: ['loading'] }, disabling: { tags: ['loading'] }, noPaymentMethod: { tags: ['redirecting'] } },
  effects: {
    'xstate.done.actor.createAutoReload -> saved': ['notify'],
    'xstate.done.actor.updateAutoReload -> saved': ['notify'],
    'xstate.done.actor.disableAutoReload -> saved': ['notify'],
    '* -> saved': ['close'],
    '* -> unchanged': ['close'],
    '* -> closed': ['close'],
    '* -> noPaymentMethod': ['redirect'],
  },
  arrange(machine) {
    const fakes = requestFakes({ createAutoReload: createAutoReloadRequest, updateAutoReload: updateAutoReloadRequest, disableAutoReload: disableAutoReloadRequest });
    const spy = spyActions(['notify', 'close', 'redirect'] as const);
    // the requests each run sent, by actor
    const sent: Record<string, Record<string, Set<string>>> = {};
    const record = (run: string, id: string, req: unknown) => (((sent[run] ??= {})[id] ??= new Set()).add(JSON.stringify(req)));
    const of = (run: string, id: string) => [...(sent[run]?.[id] ?? [])].map((x) => JSON.parse(x) as unknown);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: 'no profile', options: { events: autoReloadEvents as never, input: { ...base, profile: null }, serializeState: serializeState as never } },
        { name: 'profile', options: { events: autoReloadEvents as never, input: { ...base, profile: autoReloadProfile }, serializeState: serializeState as never } },
        // a profile row that is turned off: the form starts off, and turning it on updates that row (one per card)
        { name: 'disabled profile', options: { events: autoReloadEvents as never, input: { ...base, profile: { ...autoReloadProfile, status: 'disabled' as const, isActive: false } }, serializeState: serializeState as never } },
      ],
      onStep(s, event, run) {
        const c = s.context;
        expect(c.destination).toBe(s.matches('noPaymentMethod') ? '/account/payment-method' : null);
        if (s.matches('creating')) record(run, 'createAutoReload', fakes.last('createAutoReload'));
        if (s.matches('updating')) record(run, 'updateAutoReload', fakes.last('updateAutoReload'));
        if (s.matches('disabling')) record(run, 'disableAutoReload', fakes.last('disableAutoReload'));
        if (event.type === 'xstate.error.actor.createAutoReload') expect([c.fieldErrors, c.error]).toEqual([{ amount: 'Enter an Auto reload amount.' }, null]);
        if (event.type === 'xstate.error.actor.disableAutoReload') expect([c.fieldErrors, c.error]).toEqual([{ triggerAmount: 'Enter an Auto reload amount.' }, null]);
        if (event.type === 'xstate.error.actor.updateAutoReload') expect([c.fieldErrors, c.error]).toEqual([{}, 'Something went wrong. Please try again.']);
        if (event.type === 'xstate.done.actor.disableAutoReload') expect(c.notice).toBe('Auto reload is off');
        if (event.type === 'xstate.done.actor.createAutoReload' || event.type === 'xstate.done.actor.updateAutoReload') expect(c.notice).toBe('Auto reload is on: $50.00 when under $15.00');
        if (s.matches('saved')) expect(c.profile).toMatchObject({ cardId: 'c1', lastErrorCode: null, status: (event as unknown as { output: { isActive: boolean } }).output.isActive ? 'active' : 'disabled' });
        if (s.matches('unchanged')) expect(c.enabled || run === 'profile').toBe(false);
        if (s.matches('disabling')) expect([c.enabled, run]).toEqual([false, 'profile']);
        if (s.matches('creating')) expect([c.enabled, run]).toEqual([true, 'no profile']);
        if (s.matches('updating')) expect([c.enabled, run === 'profile' || run === 'disabled profile']).toEqual([true, true]);
        if (event.type === 'user.submit' && s.matches('editing')) expect([c.enabled, c.paymentMethodId, c.error]).toEqual([true, null, 'To save Auto reload settings, select a payment method.']);
        if (event.type === 'user.toggle') expect([c.enabled, c.error, c.fieldErrors]).toEqual([(event as { enabled?: boolean }).enabled, null, {}]);
        if (event.type === 'user.setAmount') expect(c.amount).toBe((event as { amount?: string }).amount);
        if (event.type === 'user.setTrigger') expect(c.triggerAmount).toBe('15.00');
        if (event.type === 'user.selectMethod') expect([c.paymentMethodId, c.error]).toEqual([(event as { paymentMethodId?: string }).paymentMethodId || null, null]);
        if (event.type === 'xstate.init') {
          // the form starts from the profile, else the defaults and the default method
          expect([c.cardId, c.enabled, c.amount, c.triggerAmount, c.paymentMethodId]).toEqual(['c1', run === 'profile', '25.00', '10.00', 'pm_1']);
        }
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        // decimals in dollars → cents; an unparsable amount is omitted
        expect(of('no profile', 'createAutoReload')).toEqual(
          expect.arrayContaining([
            { cardId: 'c1', amount: 2500, triggerAmount: 1000, paymentMethodId: 'pm_1' },
            { cardId: 'c1', amount: 5000, triggerAmount: 1000, paymentMethodId: 'pm_1' },
            { cardId: 'c1', triggerAmount: 1000, paymentMethodId: 'pm_1' },
          ]),
        );
        expect(of('no profile', 'updateAutoReload')).toEqual([]);
        expect(of('no profile', 'disableAutoReload')).toEqual([]);
        expect(of('profile', 'createAutoReload')).toEqual([]);
        expect(of('profile', 'disableAutoReload')).toEqual([{ cardId: 'c1' }]);
        expect(of('profile', 'updateAutoReload')).toContainEqual({ cardId: 'c1', amount: 2500, triggerAmount: 1000, paymentMethodId: 'pm_1' });
        // a disabled profile is never disabled again nor created anew: turning it on updates it
        expect(of('disabled profile', 'disableAutoReload')).toEqual([]);
        expect(of('disabled profile', 'createAutoReload')).toEqual([]);
        expect(of('disabled profile', 'updateAutoReload')).toContainEqual({ cardId: 'c1', amount: 2500, triggerAmount: 1000, paymentMethodId: 'pm_1' });
      },
    };
  },
};
