/**
 * The cart (spec 1 section 3 "Cart", section 4 "Cart and order", section 5 "Adding to the cart ... needs a product,
 * a size code and a quantity"): merge by key and sum, a delta to 0 removes, clear, availability overwritten (missing
 * from the store's menu: NotAvailableHere), full at maximumItemAmount, every change persisted.
 */
import { expect } from 'vitest';
import { cartMachine, type CartAnswer, type CartContext } from '../cart.machine.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import { spyActions, type Flow } from './flow.ts';
import { CROISSANT_KEY, LATTE_KEY, croissantDraft, latteDraft } from './ordering-fixtures.ts';

/** the answers the cart sent to the replyTo of the adds below */
const replies: CartAnswer[] = [];
export const cartEvents = [
  { type: 'cart.add', item: latteDraft('shot-first'), at: 1000 },
  { type: 'cart.add', item: latteDraft('vanilla-first'), at: 2000 },
  { type: 'cart.add', item: croissantDraft(2), at: 3000 },
  { type: 'cart.add', item: { ...latteDraft(), size: null }, at: 4000 },
  { type: 'cart.add', item: { ...latteDraft(), product: null }, at: 4000 },
  { type: 'cart.add', item: latteDraft('shot-first', 0), at: 4000 },
  { type: 'cart.add', item: latteDraft('shot-first', 4), at: 5000 },
  { type: 'cart.changeQuantity', key: LATTE_KEY, delta: -1 },
  { type: 'cart.changeQuantity', key: LATTE_KEY, delta: 1 },
  { type: 'cart.changeQuantity', key: CROISSANT_KEY, delta: -2 },
  { type: 'cart.changeQuantity', key: CROISSANT_KEY, delta: 2 },
  { type: 'cart.changeQuantity', key: 'nope', delta: -1 },
  { type: 'cart.clear' },
  { type: 'cart.availability', availability: { '2121': 'Available' } },
  // the configured maximum read again (a larger one)
  { type: 'cart.setMaximum', maximumItemAmount: 4 },
  // adds that name a replyTo (the product page): the cart answers cart.added or cart.refused with the reason
  { type: 'cart.add', item: latteDraft('shot-first'), at: 6000, replyTo: { send: (a: CartAnswer) => void replies.push(a) } },
  { type: 'cart.add', item: { ...latteDraft(), size: null }, at: 7000, replyTo: { send: (a: CartAnswer) => void replies.push(a) } },
];

type Snap = { value: unknown; context: CartContext };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, i: s.context.items.map((i) => [i.key, i.quantity, i.availability]), e: s.context.error, m: s.context.maximumItemAmount });

/** the spec's rules, written independently of the machine: what the items must be after an event */
function expectedItems(before: CartContext['items'], event: { type: string; [k: string]: unknown }, max: number) {
  const count = before.reduce((n, i) => n + i.quantity, 0);
  if (event.type === 'cart.clear') return [];
  if (event.type === 'cart.availability') {
    const a = event.availability as Record<string, string>;
    return before.map((i) => ({ ...i, availability: a[i.product.productNumber] ?? 'NotAvailableHere' }));
  }
  if (event.type === 'cart.changeQuantity') {
    const { key, delta } = event as unknown as { key: string; delta: number };
    if (delta > 0 && count + delta > max) return before;
    return before.map((i) => (i.key === key ? { ...i, quantity: i.quantity + delta } : i)).filter((i) => i.quantity > 0);
  }
  if (event.type === 'cart.add') {
    const d = event.item as ReturnType<typeof latteDraft>;
    if (!d.product || !d.size || d.quantity < 1 || count + d.quantity > max) return before;
    const key = d.product.productNumber === 2121 ? LATTE_KEY : CROISSANT_KEY;
    if (before.some((i) => i.key === key)) return before.map((i) => (i.key === key ? { ...i, quantity: i.quantity + d.quantity } : i));
    return [...before, { key, quantity: d.quantity, availability: 'Available', timeAdded: event.at, product: d.product, size: d.size }];
  }
  return before;
}

const Ct = cartEvents as ReadonlyArray<{ type: string }>;

export const cartFlow: Flow<typeof cartMachine> = {
  machine: cartMachine,
  table: {
    '(root)': { 'cart.availability': null, 'cart.setMaximum': 'sorting' },
    sorting: { always: [{ guard: 'isFull', to: 'full' }, { guard: 'hasItems', to: 'filled' }, 'empty'] },
    empty: {
      'cart.add': [{ guard: 'isInvalidItem', to: null }, { guard: 'wouldExceedMaximum', to: null }, 'sorting'],
    },
    filled: {
      'cart.add': [{ guard: 'isInvalidItem', to: null }, { guard: 'wouldExceedMaximum', to: null }, 'sorting'],
      'cart.changeQuantity': [{ guard: 'wouldExceedOnIncrease', to: null }, { guard: 'isKnownItem', to: 'sorting' }],
      'cart.clear': 'sorting',
    },
    full: {
      'cart.add': [{ guard: 'isInvalidItem', to: null }, null],
      'cart.changeQuantity': [{ guard: 'wouldExceedOnIncrease', to: null }, { guard: 'isKnownItem', to: 'sorting' }],
      'cart.clear': 'sorting',
    },
  },
  // spec 1 section 4 "Cart" (at most 3 items here): add, change quantities, clear, availability from the store
  journeys: [
    { name: 'a latte', events: [Ct[0]!], ends: 'filled' },
    { name: 'a latte and another', events: [Ct[0]!, Ct[1]!], ends: 'filled' },
    { name: 'a latte and two croissants: full', events: [Ct[0]!, Ct[2]!], ends: 'full' },
    { name: 'full: one more is refused', events: [Ct[0]!, Ct[2]!, Ct[1]!], ends: 'full' },
    { name: 'full: fewer croissants', events: [Ct[0]!, Ct[2]!, Ct[9]!], ends: 'filled' },
    { name: 'full: cleared', events: [Ct[0]!, Ct[2]!, Ct[12]!], ends: 'empty' },
    { name: 'cleared', events: [Ct[0]!, Ct[12]!], ends: 'empty' },
    { name: 'the latte down to none', events: [Ct[0]!, Ct[7]!], ends: 'empty' },
    { name: 'one more latte', events: [Ct[0]!, Ct[8]!], ends: 'filled' },
    { name: 'one more latte makes it full', events: [Ct[0]!, Ct[8]!, Ct[8]!], ends: 'full' },
    { name: 'availability from the store', events: [Ct[0]!, Ct[13]!], ends: 'filled' },
    { name: 'too many at once is refused', events: [Ct[6]!], ends: 'empty' },
    { name: 'full, then a larger maximum: more can be added', events: [Ct[0]!, Ct[2]!, Ct[14]!], ends: 'filled' },
    { name: 'full, a larger maximum, a latte: full again', events: [Ct[0]!, Ct[2]!, Ct[14]!, Ct[8]!], ends: 'full' },
    { name: 'the product page adds a latte', events: [Ct[15]!], ends: 'filled' },
    { name: 'the product page adds to a full bag', events: [Ct[0]!, Ct[2]!, Ct[15]!], ends: 'full' },
  ],
  sees: {
    empty: { message: 'Your bag is empty.' },
    full: { message: "You've reached the item maximum for this order. Remove something to add more." },
  },
  catalogue: OrderingTexts,
  arrange(machine) {
    const spy = spyActions(['persist', 'notify'] as const);
    let prev: CartContext | null = null;
    let max = 3;
    let repliesBefore = 0;
    return {
      machine: machine.provide({ actions: spy.actions }),
      runs: [
        { name: 'empty', options: { events: cartEvents as never, input: { items: [], maximumItemAmount: max }, serializeState: serializeState as never } },
      ],
      beforePath: () => {
        spy.clear();
        prev = null;
        max = 3;
        replies.length = 0;
        repliesBefore = 0;
      },
      onStep(s, event) {
        const c = s.context;
        const ev = event as { type: string; [k: string]: unknown };
        const effects = spy.step();
        if (ev.type === 'xstate.init') {
          expect(c.items).toEqual([]);
          expect(s.value).toBe('empty');
          expect(effects).toEqual([]);
        } else {
          const before = prev!;
          if (ev.type === 'cart.setMaximum') max = ev.maximumItemAmount as number;
          expect(c.maximumItemAmount).toBe(max);
          const want = expectedItems(before.items, ev, max);
          expect(c.items.map((i) => ({ k: i.key, q: i.quantity, a: i.availability, t: i.timeAdded }))).toEqual(want.map((i) => ({ k: i.key, q: i.quantity, a: i.availability, t: i.timeAdded })));
          const count = c.items.reduce((n, i) => n + i.quantity, 0);
          expect(s.value).toBe(count >= max ? 'full' : count > 0 ? 'filled' : 'empty');
          const d = ev.item as ReturnType<typeof latteDraft> | undefined;
          const invalid = ev.type === 'cart.add' && (!d?.product || !d?.size || d.quantity < 1);
          const beforeCount = before.items.reduce((n, i) => n + i.quantity, 0);
          const tooMany = (ev.type === 'cart.add' && !invalid && beforeCount + d!.quantity > max) || (ev.type === 'cart.changeQuantity' && (ev.delta as number) > 0 && beforeCount + (ev.delta as number) > max && before.items.length > 0);
          const knownChange = ev.type === 'cart.changeQuantity' && before.items.some((i) => i.key === ev.key);
          const persisted = ev.type === 'cart.clear' ? before.items.length > 0 : ev.type === 'cart.availability' || (ev.type === 'cart.add' && !invalid && !tooMany) || (knownChange && !tooMany);
          expect(effects.map((e) => (e.name === 'notify' ? `notify:${(e.params as { message: string }).message}` : e.name))).toEqual(
            invalid ? ['notify:unexpectedError'] : tooMany ? ['notify:cartFull'] : persisted ? ['persist'] : [],
          );
          if (persisted) expect((effects[0]!.context as CartContext).items).toEqual(c.items);
          expect(c.error).toBe(invalid ? 'productDataInvalid' : persisted && ev.type !== 'cart.availability' ? null : before.error);
          if (invalid) expect(OrderingTexts[c.error!]).toBe('Product data is invalid');
          // an add that names a replyTo gets one answer, the others none
          const answered = replies.slice(repliesBefore);
          repliesBefore = replies.length;
          expect(answered).toEqual(ev.type === 'cart.add' && ev.replyTo ? [invalid ? { type: 'cart.refused', reason: 'invalid' } : tooMany ? { type: 'cart.refused', reason: 'full' } : { type: 'cart.added' }] : []);
          // the first add of a latte keeps its options in the key's sorted order and the time it was added
          if (ev.type === 'cart.add' && !invalid && !tooMany && d!.product!.productNumber === 2121 && !before.items.length) expect(c.items[0]).toMatchObject({ key: '2121/hot|grande|401x1g|502x2', timeAdded: ev.at, productImage: '/menu-images/latte.svg', unitPrice: 545 });
        }
        prev = c;
      },
    };
  },
};
