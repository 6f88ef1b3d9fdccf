import { describe, expect, it } from 'vitest';
import { barcodePayMachine, fetchBarcodeRequest } from '../barcode-pay.machine.ts';
import { addMoneyMachine, reloadRequest } from '../add-money.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { describeFlow } from './flow.ts';
import { cardsFlow } from './cards.expect.ts';
import { apiError } from './account-fakes.ts';
import { card, cardError, done, fail, method, missingInAll, serverDown } from './cards-fixtures.ts';

describeFlow(cardsFlow);

describe('barcode pay machine (model-based)', () => {
  const runs: Array<{ coverage: { states: { missing: string[] }; transitions: { missing: string[] } } }> = [];
  for (const signedIn of [true, false]) {
    const fakes = requestFakes({ fetchBarcode: fetchBarcodeRequest });
    const events = [
      done('fetchBarcode', { uri: 'data:image/png;base64,AAAA', cardNumber: '6000100000000001', format: 'pdf417' }),
      fail('fetchBarcode', serverDown),
      fail('fetchBarcode', apiError(403, 'REAUTH_REQUIRED', 'For your security, confirm your identity to continue.')),
      { type: 'user.retry' },
      { type: 'user.close' },
    ];
    const run = exercise(
      barcodePayMachine.provide({ actors: fakes.actors }),
      { events: events as never, input: { signedIn, cardNumber: '6000100000000001' } },
      (path, final) => {
        if (final.matches('failed')) expect(final.context.error).toBe('Barcode is temporarily down. To pay in store, show the barcode number to your barista');
        if (final.matches('showing')) expect(final.context.uri).toMatch(/^data:image\/png/);
      },
    );
    runs.push(run);
    if (signedIn) {
      printCoverage('barcodePay (signed in)', run.coverage);
      it(`signed in: loader, barcode, failure with the number, re-auth (${run.paths.length} paths)`, () => {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('fetchBarcode')).toEqual([{ cardNumber: '6000100000000001' }]);
      });
    } else {
      it('a guest is sent to sign in first and nothing is fetched', () => {
        expect(run.paths.every((p) => p.state.value === 'signInRequired')).toBe(true);
        expect(fakes.made).toEqual([]);
        expect(run.coverage.states.missing).not.toContain('barcodePay.signInRequired');
      });
    }
  }
  it('signed in and guest together cover every state and transition', () => {
    expect(missingInAll(...runs)).toEqual({ states: [], transient: ['barcodePay.starting'], transitions: [] });
  });
});

describe('add money machine (model-based)', () => {
  const run = (methods: ReturnType<typeof method>[]) => {
    const fakes = requestFakes({ reload: reloadRequest });
    const events = [
      { type: 'user.selectAmount', amount: 5000 },
      { type: 'user.selectMethod', paymentMethodId: '' },
      { type: 'user.selectMethod', paymentMethodId: 'pm_2' },
      { type: 'user.submit' },
      { type: 'user.close' },
      done('reload', { card: card('1', 7500), amount: { amount: 5000, currency: 'USD' } }),
      done('reload', { card: card('1', 7500), amount: { amount: 5000, currency: 'USD' }, duplicate: { code: '121063', message: 'We already received your request, thanks!' } }),
      fail('reload', cardError('121023')),
    ];
    const r = exercise(
      addMoneyMachine.provide({ actors: fakes.actors }),
      { events: events as never, input: { cardId: 'c1', methods, options: [1000, 2500, 5000], defaultAmount: 2500, keyBase: 'key1' }, serializeState: (s) => JSON.stringify({ v: s.value, a: s.context.amount, m: s.context.paymentMethodId, e: s.context.error, n: s.context.notice }) },
      (path, final) => {
        const last = path.steps.at(-1)!.event as { type: string; output?: { duplicate?: unknown } };
        if (last.type === 'xstate.error.actor.reload') expect(final.context.error).toBe('Your card total cannot exceed $500.');
        if (last.type === 'xstate.done.actor.reload') expect(final.context.notice).toMatch(last.output?.duplicate ? /^We already received your request, thanks!$/ : /^\$(25|50)\.00 added to your card$/);
        if (last.type === 'user.submit' && final.matches('editing')) expect(final.context.error).toBe('To save Auto reload settings, select a payment method.');
      },
    );
    return { fakes, ...r };
  };
  const withMethods = run([method('pm_1', true), method('pm_2')]);
  const none = run([]);
  printCoverage('addMoney', withMethods.coverage);
  it(`covers every state and transition (${withMethods.paths.length} + ${none.paths.length} paths)`, () => {
    expect(withMethods.fakes.errors()).toEqual([]);
    expect(withMethods.fakes.distinct('reload')).toEqual(
      expect.arrayContaining([
        { cardId: 'c1', amount: 2500, paymentMethodId: 'pm_1', idempotencyKey: 'key1-2500-pm_1' },
        { cardId: 'c1', amount: 5000, paymentMethodId: 'pm_2', idempotencyKey: 'key1-5000-pm_2' },
      ]),
    );
    expect(none.paths.every((p) => p.state.value === 'noPaymentMethods')).toBe(true);
    expect(missingInAll(withMethods, none)).toEqual({ states: [], transient: ['addMoney.starting'], transitions: [] });
  });
});
