/**
 * The product page (spec 1 section 2 product routes, section 3 "Product detail", section 5 "Adding to the cart or
 * editing needs a product, a size code and a quantity; otherwise an unexpected-error notice and the error 'Product
 * data is invalid'", section 8 ADD_IN_LIMIT, product not found / product error): size, option quantities within
 * limits, quantity, the price as it changes, add to the bag.
 */
import { expect } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { productMachine, productRequest, type CartRef, type ProductContext } from '../product.machine.ts';
import type { CartEvent } from '../cart.machine.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import { AllergenMessages } from '../../contracts/allergens.ts';
import { requestFakes } from './model.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';
import { latteDetail } from './ordering-fixtures.ts';
import { draftOf, unitPrice } from '../product-options.ts';

const err = (code: string, status: number) => ({ status, code, message: 'x', body: { code } });
export const productEvents = [
  done('loadProduct', { products: [latteDetail()] }),
  done('loadProduct', { products: [] }),
  done('loadProduct', { products: [latteDetail({ productNumber: 2999, sizes: [] })] }),
  fail('loadProduct', err('PRODUCT_NOT_FOUND', 404)),
  fail('loadProduct', err('UNEXPECTED_ERROR', 500)),
  { type: 'user.selectSize', sizeCode: 'tall' },
  { type: 'user.selectSize', sizeCode: 'venti' },
  { type: 'user.setOption', optionProductNumber: 401, quantity: 3 },
  { type: 'user.setOption', optionProductNumber: 401, quantity: 7 },
  { type: 'user.setOption', optionProductNumber: 502, quantity: 2 },
  { type: 'user.setOption', optionProductNumber: 302, quantity: 1 },
  { type: 'user.setQuantity', quantity: 2 },
  { type: 'user.setQuantity', quantity: 0 },
  { type: 'user.addToCart', at: 7 },
  // the cart actor's answers to cart.add (spec 4: a full cart refuses; an invalid item cannot reach it from this page)
  { type: 'cart.added' },
  { type: 'cart.refused', reason: 'full' },
  { type: 'cart.refused', reason: 'invalid' },
  { type: 'user.continue' },
  { type: 'user.retry' },
  // issue 29: 2% → almond milk adds tree nuts (a warning before adding); 2% → oat milk adds none
  { type: 'user.setOption', optionProductNumber: 303, quantity: 1 },
  { type: 'user.addAnyway' },
  { type: 'user.goBack' },
  // issue 30: not sold at this store (index 22); the store's live stock says sold out (23), back in stock (24)
  done('loadProduct', { products: [latteDetail({ availability: 'NotAvailableHere' })] }),
  { type: 'stock.changed', availability: 'SoldOut' },
  { type: 'stock.changed', availability: 'Available' },
];
type Snap = { value: unknown; context: ProductContext };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, p: s.context.product?.productNumber ?? null, z: s.context.sizeCode, o: s.context.options, q: s.context.quantity, e: s.context.error, a: s.context.availability, st: !s.context.product && !!s.context.stock['2121'] });

/** the spec's price rule written out: size price plus each option unit above the size's default */
const expectedPrice = (c: ProductContext) => {
  const base = c.sizeCode === 'tall' ? 475 : 545;
  const shots = (c.options['401'] ?? 0) - (c.sizeCode === 'tall' ? 1 : 2);
  return base + Math.max(0, shots) * 90 + (c.options['502'] ?? 0) * 80 + (c.options['302'] ? 70 : 0) + (c.options['303'] ? 70 : 0);
};

const Pr = productEvents as ReadonlyArray<{ type: string }>;

export const productFlow: Flow<typeof productMachine> = {
  machine: productMachine,
  table: {
    '(root)': { 'stock.changed': null },
    loading: {
      'xstate.done.actor.loadProduct': [{ guard: 'hasNoProduct', to: 'notFound' }, 'editing'],
      'xstate.error.actor.loadProduct': [{ guard: 'isNotFound', to: 'notFound' }, 'failed'],
    },
    failed: { 'user.retry': 'loading' },
    editing: {
      'user.selectSize': { guard: 'isKnownSize', to: null },
      'user.setOption': [{ guard: 'isWithinLimits', to: null }, null],
      'user.setQuantity': { guard: 'isValidQuantity', to: null },
      'user.addToCart': [{ guard: 'isUnavailable', to: null }, { guard: 'needsAllergenWarning', to: 'warning' }, { guard: 'isValidItem', to: 'adding' }, null],
    },
    warning: { 'user.addAnyway': 'adding', 'user.goBack': 'editing' },
    adding: { 'cart.added': 'added', 'cart.refused': [{ guard: 'isCartFull', to: 'cartFull' }, 'editing'] },
    added: { 'user.continue': 'editing' },
    cartFull: { 'user.continue': 'editing' },
  },
  // spec 1 "product": a size, options within limits, a quantity, then the bag (or the bag is full)
  journeys: [
    { name: 'customised and added', events: [Pr[0]!, Pr[5]!, Pr[7]!, Pr[11]!, Pr[13]!, Pr[14]!], ends: 'added' },
    { name: 'added, continue', events: [Pr[0]!, Pr[13]!, Pr[14]!, Pr[17]!], ends: 'editing' },
    { name: 'adding', events: [Pr[0]!, Pr[13]!], ends: 'adding' },
    { name: 'the bag is full', events: [Pr[0]!, Pr[13]!, Pr[15]!], ends: 'cartFull' },
    { name: 'the bag is full, continue', events: [Pr[0]!, Pr[13]!, Pr[15]!, Pr[17]!], ends: 'editing' },
    { name: 'the cart refuses the item as invalid', events: [Pr[0]!, Pr[13]!, Pr[16]!], ends: 'editing' },
    { name: 'no such product', events: [Pr[1]!], ends: 'notFound' },
    { name: 'not found', events: [Pr[3]!], ends: 'notFound' },
    { name: 'the load fails, retried', events: [Pr[4]!, Pr[18]!, Pr[0]!], ends: 'editing' },
    { name: 'the load fails', events: [Pr[4]!], ends: 'failed' },
    // issue 29: "a customisation that adds an allergen (an almond milk swap) shows a warning before adding"
    { name: 'almond milk warns, added anyway', events: [Pr[0]!, Pr[19]!, Pr[13]!, Pr[20]!, Pr[14]!], ends: 'added' },
    { name: 'almond milk warns, go back keeps the choice', events: [Pr[0]!, Pr[19]!, Pr[13]!, Pr[21]!], ends: 'editing' },
    { name: 'oat milk adds no allergen: no warning', events: [Pr[0]!, Pr[10]!, Pr[13]!], ends: 'adding' },
    // issue 30: Add to order is refused for an item the store does not sell or has sold out (the page says which)
    { name: 'not sold at this store: not added', events: [Pr[22]!, Pr[13]!], ends: 'editing' },
    { name: 'sold out at the store: not added', events: [Pr[0]!, Pr[23]!, Pr[13]!], ends: 'editing' },
    { name: 'sold out before the product loads: not added', events: [Pr[23]!, Pr[0]!, Pr[13]!], ends: 'editing' },
    { name: 'back in stock: added', events: [Pr[0]!, Pr[23]!, Pr[24]!, Pr[13]!], ends: 'adding' },
    { name: 'confirmed once, not warned twice', events: [Pr[0]!, Pr[19]!, Pr[13]!, Pr[20]!, Pr[14]!, Pr[17]!, Pr[19]!, Pr[13]!], ends: 'adding' },
  ],
  sees: {
    loading: { tags: ['loading'] },
    notFound: { tags: ['notFound'], message: 'We could not find that product.' },
    failed: { tags: ['error'], message: "We couldn't load this item. Please try again." },
    adding: { tags: ['loading'] },
    warning: { message: 'Your changes add {list}.' },
    // spec 4 "The cart is full when the item count reaches the configured maximum"; 8 "Item maximum per order" (text ours)
    cartFull: { tags: ['error'], message: "You've reached the item maximum for this order. Remove something to add more." },
  },
  catalogue: { ...OrderingTexts, ...AllergenMessages },
  arrange(machine) {
    const fakes = requestFakes({ loadProduct: productRequest });
    // the app's cart actor, faked: it records what it is sent and never answers (the model sends its answers)
    const asked: Array<Extract<CartEvent, { type: 'cart.add' }>> = [];
    const cart = createActor(fromCallback<CartEvent>(({ receive }) => receive((e) => void (e.type === 'cart.add' && asked.push(e))))).start() as unknown as CartRef;
    const spy = spyActions(['notify'] as const);
    let prev: ProductContext | null = null;
    let prevValue: string | null = null;
    let asksBefore = 0;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      runs: [{ name: 'store', options: { events: productEvents as never, input: { productNumber: 2121, formCode: 'hot', storeNumber: '10001', locale: 'en-US', maximumModifierAmount: 5, cart }, serializeState: serializeState as never } }],
      beforePath: () => {
        spy.clear();
        asked.length = 0;
        prev = null;
        prevValue = null;
        asksBefore = 0;
      },
      onStep(s, event) {
        const c = s.context;
        const ev = event as { type: string; [k: string]: unknown };
        const effects = spy.step().map((e) => (e.name === 'notify' ? `notify:${(e.params as { message: string }).message}` : e.name));
        const asks = asked.length;
        if (s.matches('loading')) expect(fakes.last('loadProduct')).toEqual({ productNumber: 2121, formCode: 'hot', storeNumber: '10001', locale: 'en-US' });
        if (ev.type === 'xstate.done.actor.loadProduct' && s.matches('editing') && c.product?.productNumber === 2121) {
          // the default size and the options it comes with
          expect([c.sizeCode, c.options, c.quantity]).toEqual(['grande', { '301': 1, '401': 2 }, 1]);
        }
        const p = prev;
        if (p && ev.type === 'user.selectSize' && ev.sizeCode === 'tall') expect([c.sizeCode, c.options]).toEqual(['tall', { '301': 1, '401': 1 }]);
        if (p && ev.type === 'user.selectSize' && ev.sizeCode === 'venti') expect(c.sizeCode).toBe(p.sizeCode);
        if (p && ev.type === 'user.setOption') {
          const n = String(ev.optionProductNumber);
          const q = ev.quantity as number;
          const next = { ...p.options, [n]: q };
          if (['301', '302', '303'].includes(n) && q > 0) for (const m of ['301', '302', '303']) if (m !== n) delete next[m]; // milk is one choice
          const units = Object.values(next).reduce((a, b) => a + b, 0);
          const ok = q <= 6 && units <= 5;
          expect(c.options).toEqual(ok ? next : p.options);
          expect(c.error).toBe(ok ? null : 'addInLimit');
        }
        if (p && ev.type === 'user.setQuantity') expect(c.quantity).toBe(ev.quantity === 0 ? p.quantity : ev.quantity);
        if (c.product?.productNumber === 2121 && c.sizeCode) expect(unitPrice(c.product, c.sizeCode, c.options)).toBe(expectedPrice(c));
        // the spec's allergen rule written out: the latte's milk comes as 2% (milk); almond milk (303) brings tree nuts
        const addsNuts = (c.options['303'] ?? 0) > 0;
        if (ev.type === 'user.addToCart' && s.matches('warning')) {
          expect(addsNuts).toBe(true);
          expect(c.addedAllergens).toEqual(['tree_nuts']);
          expect(effects).toEqual([]);
          expect(asked.length).toBe(asksBefore);
          expect(c.pendingAt).toBe(7);
        } else if (ev.type === 'user.addToCart' && p?.availability !== 'Available') {
          // issue 30: sold out or not sold here: nothing reaches the cart, no notice (the page shows which and disables Add)
          expect([s.matches('editing'), effects, asked.length, c.error]).toEqual([true, [], asksBefore, 'unavailable']);
        } else if (ev.type === 'user.addToCart' || ev.type === 'user.addAnyway') {
          const valid = !!c.product && c.product.sizes.length > 0;
          if (ev.type === 'user.addToCart') expect(!valid || !addsNuts || c.confirmedKey !== null).toBe(true);
          expect(effects).toEqual(valid ? [] : ['notify:unexpectedError']);
          expect(s.matches('adding')).toBe(valid);
          // the cart actor gets cart.add with the draft of the current choices, the time, and this machine to answer
          if (valid) {
            const ask = asked.at(-1)!;
            expect({ type: ask.type, item: ask.item, at: ask.at }).toEqual({ type: 'cart.add', item: draftOf(c.product, c.sizeCode, c.options, c.quantity), at: 7 });
            expect(typeof ask.replyTo?.send).toBe('function');
          }
          expect(asks).toBe(asksBefore + (valid ? 1 : 0));
          if (!valid) expect(OrderingTexts[c.error as 'productDataInvalid']).toBe('Product data is invalid');
        } else {
          // the cart toasts its own refusals: the product page adds none
          expect(effects).toEqual([]);
          expect(asks).toBe(asksBefore);
        }
        if (ev.type === 'cart.refused' && ev.reason === 'invalid') {
          expect(s.matches('editing')).toBe(true);
          expect(OrderingTexts[c.error as 'productDataInvalid']).toBe('Product data is invalid');
        }
        if (ev.type === 'cart.added' || (ev.type === 'cart.refused' && ev.reason === 'full')) {
          // "Added" only when the bag took the item; a full bag's refusal shows the item maximum instead
          const took = ev.type === 'cart.added';
          expect([s.matches('added'), s.matches('cartFull')]).toEqual([took, !took]);
          expect(c.options).toEqual(p!.options);
        }
        asksBefore = asks;
        if (ev.type === 'user.goBack') expect([s.matches('editing'), c.options, asks]).toEqual([true, p!.options, asksBefore]);
        if (ev.type === 'user.continue') {
          const fromFull = prevValue === 'cartFull';
          if (fromFull) expect([c.quantity, c.options]).toEqual([p!.quantity, p!.options]);
          else expect([c.quantity, c.error, c.options]).toEqual([1, null, c.sizeCode === 'tall' ? { '301': 1, '401': 1 } : { '301': 1, '401': 2 }]);
        }
        // issue 30: the availability the page shows: as loaded ('NotAvailableHere' stays), the live stock laid over it
        if (ev.type === 'stock.changed') expect(c.stock).toEqual({ '2121': ev.availability });
        if (ev.type === 'xstate.done.actor.loadProduct' && c.product) {
          const loaded = c.product.availability;
          expect(c.availability).toBe(loaded === 'Available' && c.stock['2121'] === 'SoldOut' ? 'SoldOut' : loaded);
        }
        if (ev.type === 'stock.changed' && c.product) expect(c.availability).toBe(c.product.availability === 'Available' ? ev.availability : c.product.availability);
        if (ev.type === 'stock.changed' && !c.product) expect(c.availability).toBe(p?.availability ?? 'Available');
        prevValue = s.value as string;
        prev = c;
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
