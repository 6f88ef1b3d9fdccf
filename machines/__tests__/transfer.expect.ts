/**
 * Transfer balance (spec 2 section 4 "Card transfer": moves a balance between cards; failure offers Manage card;
 * steps not shown: source, target, amount, confirm, docs/cards.md). Section 8: 121025 balance too low (Choose
 * different card), 121023 the $500 ceiling, UNEXPECTED_ERROR for transfers 'Something went wrong with your
 * transfer. Try transferring your balance again.' with Manage card. One idempotency key per confirmed attempt;
 * Try again resends that attempt with its key; a replay says 121063.
 */
import { expect } from 'vitest';
import { transferBalanceRequest, transferMachine } from '../transfer.machine.ts';
import { requestFakes } from './model.ts';
import { card, cardError, done, fail, serverDown } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const cards = [card('1', 2500, { cardId: 'a', isPrimary: true }), card('2', 0, { cardId: 'b' }), card('3', 1000, { cardId: 'c', status: 'inactive' })];
const result = { source: { cardId: 'a', balance: 0 }, target: { cardId: 'b', balance: 2500 }, amount: 2500, duplicateCode: null };
export const transferEvents = [
  { type: 'user.chooseSource', cardId: 'a' },
  { type: 'user.chooseSource', cardId: 'b' },
  { type: 'user.chooseTarget', cardId: 'b' },
  { type: 'user.chooseTarget', cardId: 'a' },
  { type: 'user.setAmount', amount: '10.50' },
  { type: 'user.setAmount', amount: '' },
  { type: 'user.setAmount', amount: '25.01' },
  { type: 'user.back' },
  { type: 'user.chooseOther' },
  { type: 'user.confirm' },
  { type: 'user.retry' },
  done('transferBalance', result),
  done('transferBalance', { ...result, duplicateCode: '121063' }),
  fail('transferBalance', cardError('121023')),
  fail('transferBalance', serverDown),
];
type Snap = { value: unknown; context: { sourceCardId: string | null; targetCardId: string | null; amount: number | null; attempt: number; error: string | null; notice: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, s: s.context.sourceCardId, t: s.context.targetCardId, a: s.context.amount, k: Math.min(s.context.attempt, 2), e: s.context.error, n: s.context.notice });
const input = (extra: object) => ({ cards, keyBase: 'web-key-1', ...extra });

const Tr = transferEvents as ReadonlyArray<{ type: string }>;

export const transferFlow: Flow<typeof transferMachine> = {
  machine: transferMachine,
  table: {
    starting: { always: [{ guard: 'cannotTransfer', to: 'unavailable' }, { guard: 'hasSource', to: 'choosingTarget' }, 'choosingSource'] },
    choosingSource: { 'user.chooseSource': [{ guard: 'isSource', to: 'choosingTarget' }, null] },
    choosingTarget: { 'user.chooseTarget': [{ guard: 'isTarget', to: 'choosingAmount' }, null], 'user.back': 'choosingSource' },
    choosingAmount: { 'user.setAmount': [{ guard: 'isAmount', to: 'confirming' }, null], 'user.back': 'choosingTarget' },
    // 121025's action Choose different card starts again from the source
    confirming: { 'user.confirm': 'transferring', 'user.back': 'choosingAmount', 'user.chooseOther': 'choosingSource' },
    transferring: { 'xstate.done.actor.transferBalance': 'done', 'xstate.error.actor.transferBalance': [{ guard: 'isKnownError', to: 'confirming' }, 'failed'] },
    failed: { 'user.retry': 'transferring' },
  },
  // spec 2 "transfer balance": source (with a balance), target (another card), amount (at most the balance),
  // confirm; a known error goes back to the confirmation, others can be retried
  journeys: [
    { name: 'a transfer', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[4]!, Tr[9]!, Tr[11]!], ends: 'done' },
    { name: 'a replayed transfer', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[4]!, Tr[9]!, Tr[12]!], ends: 'done' },
    { name: 'a known error: back to the confirmation', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[4]!, Tr[9]!, Tr[13]!], ends: 'confirming' },
    { name: 'the server fails, retried', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[4]!, Tr[9]!, Tr[14]!, Tr[10]!], ends: 'transferring' },
    { name: 'the server fails', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[4]!, Tr[9]!, Tr[14]!], ends: 'failed' },
    { name: 'a card without a balance is no source', run: 'from the list', events: [Tr[1]!], ends: 'choosingSource' },
    { name: 'the source is no target', run: 'from the list', events: [Tr[0]!, Tr[3]!], ends: 'choosingTarget' },
    { name: 'no amount: the whole balance', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[5]!], ends: 'confirming' },
    { name: 'more than the balance', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[6]!], ends: 'choosingAmount' },
    { name: 'back from the confirmation', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[4]!, Tr[7]!], ends: 'choosingAmount' },
    { name: 'back from the amount', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[7]!], ends: 'choosingTarget' },
    { name: 'back from the target', run: 'from the list', events: [Tr[0]!, Tr[7]!], ends: 'choosingSource' },
    { name: 'choose another card', run: 'from the list', events: [Tr[0]!, Tr[2]!, Tr[4]!, Tr[8]!], ends: 'choosingSource' },
    { name: 'from a card: the target first', run: 'from a card', events: [], ends: 'choosingTarget' },
    { name: 'one card: nothing to transfer to', run: 'one card', events: [], ends: 'unavailable' },
  ],
  sees: { transferring: { tags: ['loading'] }, failed: { tags: ['error'] } },
  effects: { 'xstate.done.actor.transferBalance -> done': ['notify'] },
  arrange(machine) {
    const fakes = requestFakes({ transferBalance: transferBalanceRequest });
    const spy = spyActions(['notify'] as const);
    const opts = (i: object) => ({ events: transferEvents as never, input: input(i) as never, serializeState: serializeState as never });
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: 'from the list', options: opts({}) },
        { name: 'from a card', options: opts({ sourceCardId: 'a' }) },
        { name: 'one card', options: opts({ cards: [cards[0]] }) },
      ],
      onStep(s, event, run) {
        const c = s.context;
        if (event.type === 'xstate.init') expect(s.value).toBe(run === 'one card' ? 'unavailable' : run === 'from a card' ? 'choosingTarget' : 'choosingSource');
        if (event.type === 'user.chooseSource' && s.matches('choosingSource')) expect(c.error).toBe('Choose a card with a balance.');
        if (event.type === 'user.chooseSource' && s.matches('choosingTarget')) expect([c.sourceCardId, c.targetCardId, c.amount, c.error]).toEqual(['a', null, null, null]);
        if (event.type === 'user.chooseTarget' && s.matches('choosingTarget')) expect(c.error).toBe('Choose a different card to transfer to.');
        if (event.type === 'user.chooseTarget' && s.matches('choosingAmount')) expect([c.targetCardId, c.error]).toEqual(['b', null]);
        if (event.type === 'user.setAmount' && s.matches('choosingAmount')) expect(c.error).toBe('Enter an amount up to the card balance.');
        // empty: the whole balance (no amount sent)
        if (event.type === 'user.setAmount' && s.matches('confirming')) expect(c.amount).toBe((event as { amount?: string }).amount ? 1050 : null);
        if (event.type === 'user.setAmount' && s.matches('confirming')) expect(c.error).toBeNull();
        if (event.type === 'user.back' || event.type === 'user.chooseOther') expect([c.error, c.errorAction]).toEqual([null, null]);
        if (s.matches('transferring')) {
          expect(fakes.last('transferBalance')).toEqual({ sourceCardId: 'a', targetCardId: 'b', ...(c.amount !== null ? { amount: c.amount } : {}), idempotencyKey: `web-key-1-${c.attempt}` });
          expect([c.error, c.errorAction]).toEqual([null, null]);
        }
        if (event.type === 'user.confirm') expect(c.idempotencyKey).toBe(`web-key-1-${c.attempt}`);
        if (event.type === 'xstate.error.actor.transferBalance' && s.matches('confirming')) expect([c.error, c.errorAction]).toEqual(['Your card total cannot exceed $500.', null]);
        if (s.matches('failed')) expect([c.error, c.errorAction]).toEqual(['Something went wrong with your transfer. Try transferring your balance again.', 'Manage card']);
        if (event.type === 'xstate.done.actor.transferBalance') {
          const ev = event as unknown as { output: { duplicateCode: string | null } };
          expect([c.result, c.notice]).toEqual([ev.output, ev.output.duplicateCode ? 'We already received your request, thanks!' : '$25.00 transferred']);
        }
      },
      onPath(path, final) {
        // a retry keeps the attempt's key; a new confirm takes a new one
        const confirms = path.steps.filter((x) => x.event.type === 'user.confirm').length;
        expect(final.context.attempt).toBe(confirms);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('transferBalance')).toEqual(expect.arrayContaining([{ sourceCardId: 'a', targetCardId: 'b', amount: 1050, idempotencyKey: 'web-key-1-1' }, { sourceCardId: 'a', targetCardId: 'b', idempotencyKey: 'web-key-1-1' }]));
      },
    };
  },
};
