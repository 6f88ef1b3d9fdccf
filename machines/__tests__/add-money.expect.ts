/**
 * Add money, the #add-money modal (spec 2 section 3 add-money form, section 4 "Reload", section 5 Add money,
 * section 8 reload codes): an amount from the configured options and a payment method; no payment instrument says so
 * and offers the payment-method page with the way back to this modal (issue 30); each reload carries an idempotency key, and a replay (121063) says so instead of adding.
 */
import { expect } from 'vitest';
import { addMoneyMachine, reloadRequest } from '../add-money.machine.ts';
import { requestFakes } from './model.ts';
import { card, cardError, done, fail, method } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

export const addMoneyEvents = [
  { type: 'user.selectAmount', amount: 5000 },
  { type: 'user.selectMethod', paymentMethodId: '' },
  { type: 'user.selectMethod', paymentMethodId: 'pm_2' },
  { type: 'user.submit' },
  { type: 'user.close' },
  done('reload', { card: card('1', 7500), amount: { amount: 5000, currency: 'USD' } }),
  done('reload', { card: card('1', 7500), amount: { amount: 5000, currency: 'USD' }, duplicate: { code: '121063', message: 'We already received your request, thanks!' } }),
  fail('reload', cardError('121023')),
  { type: 'user.addMethod' },
];
type Snap = { value: unknown; context: { amount: number; paymentMethodId: string | null; error: string | null; notice: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, a: s.context.amount, m: s.context.paymentMethodId, e: s.context.error, n: s.context.notice });
const input = (methods: ReturnType<typeof method>[]) => ({ cardId: 'c1', methods, options: [1000, 2500, 5000], defaultAmount: 2500, keyBase: 'key1' });

const A = addMoneyEvents as ReadonlyArray<{ type: string }>;

export const addMoneyFlow: Flow<typeof addMoneyMachine> = {
  machine: addMoneyMachine,
  table: {
    starting: { always: [{ guard: 'hasNoMethods', to: 'noPaymentMethods' }, 'editing'] },
    noPaymentMethods: { 'user.addMethod': 'toPaymentMethods', 'user.close': 'closed' },
    editing: {
      'user.selectAmount': null,
      'user.selectMethod': null,
      'user.submit': [{ guard: 'hasMethod', to: 'submitting' }, null],
      'user.close': 'closed',
    },
    submitting: { 'xstate.done.actor.reload': [{ guard: 'wasReplay', to: 'done' }, 'done'], 'xstate.error.actor.reload': 'editing' },
  },
  // spec 2 "reload": an amount and a method, then the reload; a replayed request is no second charge
  journeys: [
    { name: 'reload with the default method', run: 'payment methods', events: [A[0]!, A[3]!, A[5]!], ends: 'done' },
    { name: 'reload with another method, replayed', run: 'payment methods', events: [A[2]!, A[3]!, A[6]!], ends: 'done' },
    { name: 'reload refused', run: 'payment methods', events: [A[3]!, A[7]!], ends: 'editing' },
    { name: 'no method chosen: not sent', run: 'payment methods', events: [A[1]!, A[3]!], ends: 'editing' },
    { name: 'submitting', run: 'payment methods', events: [A[0]!, A[3]!], ends: 'submitting' },
    { name: 'closed', run: 'payment methods', events: [A[4]!], ends: 'closed' },
    { name: 'no payment method: said first', run: 'none', events: [], ends: 'noPaymentMethods' },
    { name: 'no payment method: to the payment methods and back', run: 'none', events: [A[8]!], ends: 'toPaymentMethods' },
    { name: 'no payment method: closed', run: 'none', events: [A[4]!], ends: 'closed' },
  ],
  sees: { toPaymentMethods: { tags: ['redirecting'] }, submitting: { tags: ['loading'] } },
  effects: {
    '* -> toPaymentMethods': ['redirect'],
    'xstate.done.actor.reload -> done': ['notify'],
    '* -> done': ['close'],
    '* -> closed': ['close'],
  },
  arrange(machine) {
    const fakes = requestFakes({ reload: reloadRequest });
    const spy = spyActions(['notify', 'close', 'redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: 'payment methods', options: { events: addMoneyEvents as never, input: input([method('pm_1', true), method('pm_2')]), serializeState: serializeState as never } },
        { name: 'none', options: { events: addMoneyEvents as never, input: input([]), serializeState: serializeState as never } },
      ],
      onStep(s, event, run) {
        const c = s.context;
        const ev = event as { type: string; output?: { duplicate?: unknown } };
        // without a payment instrument nothing else happens
        expect(c.destination).toBe(s.matches('toPaymentMethods') ? '/account/payment-method?returnUrl=%2Faccount%2Fcards%2Fc1%23add-money' : null);
        if (run === 'none') expect(s.matches('noPaymentMethods') || s.matches('toPaymentMethods') || s.matches('closed')).toBe(true);
        if (ev.type === 'xstate.error.actor.reload') expect(c.error).toBe('Your card total cannot exceed $500.');
        if (ev.type === 'xstate.done.actor.reload') expect(c.notice).toMatch(ev.output?.duplicate ? /^We already received your request, thanks!$/ : /^\$(25|50)\.00 added to your card$/);
        if (ev.type === 'xstate.done.actor.reload' && !ev.output?.duplicate) expect(c.notice).toBe(`$${(c.amount / 100).toFixed(2)} added to your card`);
        if (ev.type === 'user.submit' && s.matches('editing')) expect([c.paymentMethodId, c.error]).toEqual([null, 'To save Auto reload settings, select a payment method.']);
        if (ev.type === 'user.selectAmount') expect([c.amount, c.error]).toEqual([5000, null]);
        if (ev.type === 'user.selectMethod') expect([c.paymentMethodId, c.error]).toEqual([(event as { paymentMethodId?: string }).paymentMethodId || null, null]);
        if (s.matches('submitting')) {
          expect(fakes.last('reload')).toEqual({ cardId: 'c1', amount: c.amount, paymentMethodId: c.paymentMethodId, idempotencyKey: `key1-${c.amount}-${c.paymentMethodId}` });
        }
        if (ev.type === 'xstate.init' && run !== 'none') expect([c.amount, c.paymentMethodId, c.notice]).toEqual([2500, 'pm_1', null]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('reload')).toEqual(
          expect.arrayContaining([
            { cardId: 'c1', amount: 2500, paymentMethodId: 'pm_1', idempotencyKey: 'key1-2500-pm_1' },
            { cardId: 'c1', amount: 5000, paymentMethodId: 'pm_2', idempotencyKey: 'key1-5000-pm_2' },
          ]),
        );
      },
    };
  },
};
