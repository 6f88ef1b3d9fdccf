/**
 * Add card (spec 2 section 2 /account/cards/add, section 4 "Add card", section 5 card registration, section 8 card
 * codes): a physical card (16-digit number, 8-digit security code, checked before sending) or Get a digital card; then
 * make-primary failed → that card's page; money transferred → the list with 'amount transferred'; $0.00 → keep or
 * remove; else the list with 'Card added with amount'. A mapped card code shows on the form; anything else goes home
 * with an error toast. The security code is never kept after the request.
 */
import { expect } from 'vitest';
import { addCardMachine, addCardRequest, removeAddedCardRequest } from '../add-card.machine.ts';
import { requestFakes } from './model.ts';
import { apiError } from './account-fakes.ts';
import { card, cardError, done, fail, serverDown } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const form = { cardNumber: '6000 1000 0000 0001', securityCode: '11234567', transferCard: false, makePrimary: false };
const added = (cents: number, extra: Record<string, unknown> = {}) => ({ card: card('1', cents), addedAmount: { amount: cents, currency: 'USD' }, transferred: null, makePrimaryFailed: false, ...extra });
export const addCardEvents = [
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
  done('removeCard', { cardNumber: '•••• 0001' }),
  fail('removeCard', serverDown),
  { type: 'user.retry' },
  fail('addCard', cardError('122000')),
];
type Snap = { value: unknown; context: { digital: boolean; fieldErrors: object; error: string | null; errorAction: unknown; notice: unknown; destination: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, d: s.context.digital, f: s.context.fieldErrors, e: s.context.error, a: s.context.errorAction, n: s.context.notice, to: s.context.destination });

const Ac = addCardEvents as ReadonlyArray<{ type: string }>;

export const addCardFlow: Flow<typeof addCardMachine> = {
  machine: addCardMachine,
  table: {
    editing: {
      'user.submit': [{ guard: 'isFormValid', to: 'submitting' }, null],
      'user.getDigital': 'submitting',
      'user.retry': null,
    },
    submitting: {
      'xstate.done.actor.addCard': [
        { guard: 'makePrimaryFailed', to: 'redirecting' },
        { guard: 'transferredPositive', to: 'redirecting' },
        { guard: 'zeroBalance', to: 'askingKeepOrRemove' },
        'redirecting',
      ],
      'xstate.error.actor.addCard': [{ guard: 'isMakePrimaryError', to: 'redirecting' }, { guard: 'isKnownError', to: 'editing' }, 'redirecting'],
    },
    askingKeepOrRemove: { 'user.keep': 'redirecting', 'user.remove': 'removing' },
    removing: { 'xstate.done.actor.removeCard': 'redirecting', 'xstate.error.actor.removeCard': 'redirecting' },
  },
  // spec 2 "add a card": added (a card with a balance, transferred or not); a zero balance asks keep or remove;
  // known errors stay on the form
  journeys: [
    { name: 'added', events: [Ac[0]!, Ac[5]!], ends: 'redirecting' },
    { name: 'added, the balance transferred', events: [Ac[0]!, Ac[7]!], ends: 'redirecting' },
    { name: 'added, not made primary', events: [Ac[0]!, Ac[8]!], ends: 'redirecting' },
    { name: 'a zero balance: keep', events: [Ac[0]!, Ac[6]!, Ac[3]!], ends: 'redirecting' },
    { name: 'a zero balance: remove', events: [Ac[0]!, Ac[6]!, Ac[4]!, Ac[13]!], ends: 'redirecting' },
    { name: 'a zero balance: removing fails', events: [Ac[0]!, Ac[6]!, Ac[4]!, Ac[14]!], ends: 'redirecting' },
    { name: 'a zero balance: asked', events: [Ac[0]!, Ac[6]!], ends: 'askingKeepOrRemove' },
    { name: 'a wrong security code', events: [Ac[0]!, Ac[9]!], ends: 'editing' },
    { name: 'a known error', events: [Ac[0]!, Ac[10]!], ends: 'editing' },
    { name: 'a wrong security code, Try again', events: [Ac[0]!, Ac[9]!, Ac[15]!], ends: 'editing' },
    { name: 'already registered, Try again', events: [Ac[0]!, Ac[16]!, Ac[15]!], ends: 'editing' },
    { name: 'make primary failed', events: [Ac[0]!, Ac[11]!], ends: 'redirecting' },
    { name: 'the server fails', events: [Ac[0]!, Ac[12]!], ends: 'redirecting' },
    { name: 'an invalid card is not sent', events: [Ac[1]!], ends: 'editing' },
    { name: 'a digital card', events: [Ac[2]!, Ac[5]!], ends: 'redirecting' },
  ],
  sees: { submitting: { tags: ['loading'] }, askingKeepOrRemove: { tags: ['dialog'] }, removing: { tags: ['loading'] }, redirecting: { tags: ['redirecting'] } },
  // the toast (notify) depends on the branch, not only on event and state: it is checked per step below
  effects: { '* -> redirecting': ['redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ addCard: addCardRequest, removeCard: removeAddedCardRequest });
    const spy = spyActions(['redirect'] as const);
    let toasts: unknown[] = [];
    return {
      machine: machine.provide({ actors: fakes.actors, actions: { ...spy.actions, notify: ({ context }) => void toasts.push(context.notice) } }),
      spy,
      runs: [{ name: '', options: { events: addCardEvents as never, serializeState: serializeState as never } }],
      beforePath: () => void (toasts = []),
      onStep(s, event) {
        const c = s.context;
        const ev = event as { type: string; error?: { code: string }; output?: { makePrimaryFailed?: boolean; transferred?: unknown; card: { balance: { amount: number } } } };
        const toast = (notice: unknown) => expect(toasts.splice(0)).toEqual(notice === undefined ? [] : [notice]);
        // the security code is held only while its request runs
        if (!s.matches('submitting')) expect(c.form?.securityCode ?? '').toBe('');
        if (s.matches('submitting')) {
          expect([c.error, c.fieldErrors]).toEqual([null, {}]);
          expect(fakes.last('addCard')).toEqual(c.digital ? { digitalCard: true } : { cardNumber: '6000100000000001', securityCode: '11234567', transferCard: false, makePrimary: false });
        }
        if (ev.type === 'user.getDigital') expect([c.digital, c.form]).toEqual([true, null]);
        if (ev.type === 'xstate.error.actor.addCard') {
          const code = ev.error!.code;
          if (code === '121001') expect([c.fieldErrors, c.error, c.errorAction]).toEqual([{ securityCode: "That card number or security code doesn't look right." }, null, { label: 'Try again', to: 'retry' }]);
          if (code === '122000') expect([c.fieldErrors, c.error, c.errorAction]).toEqual([{}, 'This card is already registered.', { label: 'Try again', to: 'retry' }]);
          if (code === '121032') expect([c.error, c.errorAction]).toEqual(['This card has been reported lost or stolen. Please contact customer service.', null]);
          if (code === 'MAKE_PRIMARY_FAILED') expect(c.destination).toBe('/account/cards/1');
          if (code === 'UNEXPECTED_ERROR') expect([c.destination, c.notice]).toEqual(['/', { tone: 'error', message: 'Something went wrong. Please try again.' }]);
          toast(code === 'UNEXPECTED_ERROR' ? c.notice : undefined);
        } else if (ev.type === 'xstate.done.actor.addCard') {
          const o = ev.output!;
          expect(c.added).toEqual(o);
          if (o.makePrimaryFailed) expect([c.destination, c.notice]).toEqual(['/account/cards/1', null]);
          else if (o.transferred) expect([c.destination, c.notice]).toEqual(['/account/cards', { tone: 'success', message: '$2.50 transferred' }]);
          else if (o.card.balance.amount === 0) expect([s.matches('askingKeepOrRemove'), c.destination]).toEqual([true, null]);
          else expect([c.destination, c.notice]).toEqual(['/account/cards', { tone: 'success', message: 'Card added with $2.50' }]);
          toast(c.notice ?? undefined);
        } else if (ev.type === 'user.keep') {
          expect([c.destination, c.notice]).toEqual(['/account/cards', { tone: 'success', message: 'Card added' }]);
          toast(c.notice);
        } else if (ev.type === 'xstate.done.actor.removeCard') {
          expect([c.destination, c.notice]).toEqual(['/account/cards', { tone: 'success', message: 'Card (0001) removed' }]);
          toast(c.notice);
        } else if (ev.type === 'xstate.error.actor.removeCard') {
          expect([c.destination, c.notice]).toEqual(['/account/cards', { tone: 'error', message: 'Failed to remove card' }]);
          toast(c.notice);
        } else if (ev.type === 'user.retry') {
          // Try again: the error, its action and the form are gone, the page stays
          expect([s.value, c.fieldErrors, c.error, c.errorAction, c.form, c.destination]).toEqual(['editing', {}, null, null, null, null]);
          toast(undefined);
        } else toast(undefined);
        if (s.matches('removing')) expect(fakes.last('removeCard')).toEqual({ cardId: '1' });
        if (ev.type === 'user.submit' && s.matches('editing') && !c.error) expect(c.fieldErrors).toEqual({ cardNumber: 'A valid card number has 16 digits.', securityCode: 'A valid security code has 8 digits.' });
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('addCard')).toEqual(expect.arrayContaining([{ cardNumber: '6000100000000001', securityCode: '11234567', transferCard: false, makePrimary: false }, { digitalCard: true }]));
        expect(fakes.distinct('removeCard')).toEqual([{ cardId: '1' }]);
      },
    };
  },
};
