import { describe, expect, it } from 'vitest';
import { addCardMachine, addCardRequest, removeAddedCardRequest } from '../add-card.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { apiError } from './account-fakes.ts';
import { card, cardError, done, fail, serverDown } from './cards-fixtures.ts';

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
