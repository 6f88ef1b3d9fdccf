import { describe, expect, it } from 'vitest';
import { autoReloadMachine, createAutoReloadRequest, disableAutoReloadRequest, updateAutoReloadRequest } from '../auto-reload.machine.ts';
import { addCardMachine, addCardRequest, removeAddedCardRequest } from '../add-card.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { apiError } from './account-fakes.ts';
import { card, cardError, done, fail, method, missingInAll, serverDown } from './cards-fixtures.ts';

const profile = { status: 'active' as const, isActive: true, amount: 2500, triggerAmount: 1000, paymentInstrumentId: 'pi_pm_1', paymentMethodId: 'pm_1', lastErrorCode: null, lastFiredAt: null };
const result = (isActive: boolean) => ({ cardId: 'c1', status: isActive ? 'active' : 'disabled', isActive, amount: 5000, triggerAmount: 1500, paymentMethodId: 'pm_1', paymentInstrumentId: 'pi_pm_1' });

describe('auto reload machine (model-based): create, update, disable and no change are explicit', () => {
  const events = [
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
  const run = (input: { profile: typeof profile | null }) => {
    const fakes = requestFakes({ createAutoReload: createAutoReloadRequest, updateAutoReload: updateAutoReloadRequest, disableAutoReload: disableAutoReloadRequest });
    const r = exercise(
      autoReloadMachine.provide({ actors: fakes.actors }),
      {
        events: events as never,
        input: { cardId: 'c1', methods: [method('pm_1', true)], defaultAmount: 2500, defaultTrigger: 1000, ...input },
        serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.enabled, a: s.context.amount, t: s.context.triggerAmount, m: s.context.paymentMethodId, x: s.context.error, f: s.context.fieldErrors, n: s.context.notice }),
      },
      (path, final) => {
        const last = path.steps.at(-1)!.event as { type: string };
        if (last.type === 'xstate.error.actor.createAutoReload') expect(final.context.fieldErrors.amount).toBe('Enter an Auto reload amount.');
        if (last.type === 'xstate.error.actor.disableAutoReload') expect(final.context.fieldErrors.triggerAmount).toBe('Enter an Auto reload amount.');
        if (last.type === 'xstate.done.actor.disableAutoReload') expect(final.context.notice).toBe('Auto reload is off');
        if (last.type === 'xstate.done.actor.createAutoReload') expect(final.context.notice).toBe('Auto reload is on: $50.00 when under $15.00');
        if (final.matches('unchanged')) expect(final.context.enabled || !!input.profile).toBe(false);
      },
    );
    return { fakes, ...r };
  };
  const fresh = run({ profile: null });
  const existing = run({ profile });
  printCoverage('autoReload (no profile)', fresh.coverage);
  printCoverage('autoReload (profile)', existing.coverage);
  it(`covers every state and transition (${fresh.paths.length} + ${existing.paths.length} paths)`, () => {
    expect(fresh.fakes.errors()).toEqual([]);
    expect(existing.fakes.errors()).toEqual([]);
    // decimals in dollars → cents; an unparsable amount is omitted
    expect(fresh.fakes.distinct('createAutoReload')).toEqual(
      expect.arrayContaining([
        { cardId: 'c1', amount: 2500, triggerAmount: 1000, paymentMethodId: 'pm_1' },
        { cardId: 'c1', amount: 5000, triggerAmount: 1000, paymentMethodId: 'pm_1' },
        { cardId: 'c1', triggerAmount: 1000, paymentMethodId: 'pm_1' },
      ]),
    );
    expect(fresh.fakes.distinct('updateAutoReload')).toEqual([]);
    expect(fresh.fakes.distinct('disableAutoReload')).toEqual([]);
    expect(existing.fakes.distinct('createAutoReload')).toEqual([]);
    expect(existing.fakes.distinct('disableAutoReload')).toEqual([{ cardId: 'c1' }]);
    expect(existing.fakes.distinct('updateAutoReload')).toContainEqual({ cardId: 'c1', amount: 2500, triggerAmount: 1000, paymentMethodId: 'pm_1' });
    expect(missingInAll(fresh, existing)).toEqual({ states: [], transient: ['autoReload.deciding'], transitions: [] });
  });
});

describe('add card machine (model-based)', () => {
  const fakes = requestFakes({ addCard: addCardRequest, removeCard: removeAddedCardRequest });
  const form = { cardNumber: '6000 1000 0000 0001', securityCode: '11234567', transferCard: false, makePrimary: false };
  const added = (cents: number, extra: Record<string, unknown> = {}) => ({ card: card('1', cents), addedAmount: { amount: cents, currency: 'USD' }, transferred: null, makePrimaryFailed: false, ...extra });
  const events = [
    { type: 'user.submit', form },
    { type: 'user.submit', form: { ...form, cardNumber: '1234', securityCode: '1' } },
    { type: 'user.getDigital' },
    { type: 'user.keep' },
    { type: 'user.remove' },
    done('addCard', added(250)),
    done('addCard', added(0)),
    done('addCard', added(250, { transferred: { amount: 250, currency: 'USD' } })),
    done('addCard', added(250, { makePrimaryFailed: true })),
    fail('addCard', cardError('121001', 'securityCode')),
    fail('addCard', cardError('121032')),
    fail('addCard', apiError(422, 'MAKE_PRIMARY_FAILED', '', { cardId: '1' })),
    fail('addCard', serverDown),
    done('removeCard', { cardNumber: '6000100000000001' }),
    fail('removeCard', serverDown),
  ];
  const { paths, coverage } = exercise(
    addCardMachine.provide({ actors: fakes.actors }),
    { events: events as never, serializeState: (s) => JSON.stringify({ v: s.value, d: s.context.digital, f: s.context.fieldErrors, e: s.context.error, n: s.context.notice, to: s.context.destination }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string; error?: { code: string }; output?: { makePrimaryFailed?: boolean; transferred?: unknown; card: { balance: { amount: number } } } };
      if (last.type === 'xstate.error.actor.addCard') {
        if (last.error!.code === '121001') expect(final.context.fieldErrors.securityCode).toBe("That card number or security code doesn't look right.");
        if (last.error!.code === '121032') expect(final.context.error).toBe('This card has been reported lost or stolen. Please contact customer service.');
        if (last.error!.code === 'MAKE_PRIMARY_FAILED') expect(final.context.destination).toBe('/account/cards/1');
        if (last.error!.code === 'UNEXPECTED_ERROR') expect([final.context.destination, final.context.notice?.tone]).toEqual(['/', 'error']);
      }
      if (last.type === 'xstate.done.actor.addCard') {
        const o = last.output!;
        if (o.makePrimaryFailed) expect(final.context.destination).toBe('/account/cards/1');
        else if (o.transferred) expect(final.context.destination).toBe('/account/cards');
        else if (o.card.balance.amount === 0) expect(final.matches('askingKeepOrRemove')).toBe(true);
        else expect(final.context.notice).toEqual({ tone: 'success', message: 'Card added with $2.50' });
      }
      if (last.type === 'xstate.done.actor.removeCard') expect(final.context.notice).toEqual({ tone: 'success', message: 'Card (0001) removed' });
      if (last.type === 'xstate.error.actor.removeCard') expect(final.context.notice).toEqual({ tone: 'error', message: 'Failed to remove card' });
      if (last.type === 'user.submit' && final.matches('editing') && !final.context.error) expect(final.context.fieldErrors).toEqual({ cardNumber: 'A valid card number has 16 digits.', securityCode: 'A valid security code has 8 digits.' });
    },
  );
  printCoverage('addCard', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(fakes.distinct('addCard')).toEqual(expect.arrayContaining([{ cardNumber: '6000100000000001', securityCode: '11234567', transferCard: false, makePrimary: false }, { digitalCard: true }]));
    expect(fakes.distinct('removeCard')).toEqual([{ cardId: '1' }]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
