import { setup, assign, assertEvent } from 'xstate';
import { inputOf } from './flow.ts';
import { cartCount, isValidDraft, itemKey, type Availability, type CartItem, type CartItemDraft } from './ordering-types.ts';

/**
 * The cart (bag), spec 1 section 3 "Cart" and section 4 "Cart and order": adding merges by item key and sums
 * quantities; a quantity change by a delta removes the item at 0; clear empties it; an availability update
 * overwrites each item's availability (an item missing from the store's menu is NotAvailableHere); the cart is full
 * when the item count reaches maximumItemAmount. Adding needs a product, a size code and a quantity (section 5),
 * otherwise an unexpected-error notice and the error 'Product data is invalid'. An add that names a `replyTo` gets the answer:
 * `cart.added`, or `cart.refused` with the reason (full, invalid). Long-lived: started at the root and
 * persisted by the named action `persist` under the key the delivery landing page reads (src/services/bag.ts).
 */
export interface CartInput {
  items: CartItem[];
  maximumItemAmount: number;
}
export interface CartContext extends CartInput {
  /** 'productDataInvalid' after an invalid add, cleared by the next change */
  error: 'productDataInvalid' | null;
}
/** the cart's answer to a `cart.add` that names a `replyTo` (the product page waits for it) */
export type CartAnswer = { type: 'cart.added' } | { type: 'cart.refused'; reason: 'full' | 'invalid' };
/** who asked: any actor that takes the answer (the product machine passes itself) */
export interface CartReplyTo {
  send: (answer: CartAnswer) => void;
}
export type CartEvent =
  | { type: 'cart.add'; item: CartItemDraft; at: number; replyTo?: CartReplyTo }
  | { type: 'cart.changeQuantity'; key: string; delta: number }
  | { type: 'cart.clear' }
  /** the configured maximum changed (the configuration was read again) */
  | { type: 'cart.setMaximum'; maximumItemAmount: number }
  /** product number → availability at the chosen store (its menu); missing means NotAvailableHere */
  | { type: 'cart.availability'; availability: Record<string, Availability> };

export const CART_DEFAULTS: CartInput = { items: [], maximumItemAmount: 15 };

function added(items: CartItem[], draft: CartItemDraft, at: number): CartItem[] {
  if (!isValidDraft(draft)) return items;
  const key = itemKey({ product: draft.product, size: draft.size, selectedOptions: draft.selectedOptions });
  const existing = items.find((i) => i.key === key);
  if (existing) return items.map((i) => (i.key === key ? { ...i, quantity: i.quantity + draft.quantity } : i));
  const options = draft.selectedOptions.filter((o) => o.quantity > 0);
  return [
    ...items,
    {
      key,
      product: draft.product,
      size: draft.size,
      selectedOptions: options,
      quantity: draft.quantity,
      timeAdded: at,
      productImage: draft.productImage ?? '',
      availability: 'Available',
      ...(draft.unitPrice !== undefined ? { unitPrice: draft.unitPrice } : {}),
    },
  ];
}

export const cartMachine = setup({
  types: { context: {} as CartContext, events: {} as CartEvent, input: {} as CartInput },
  guards: {
    isFull: ({ context }) => cartCount(context.items) >= context.maximumItemAmount,
    hasItems: ({ context }) => context.items.length > 0,
    isInvalidItem: ({ event }) => {
      assertEvent(event, 'cart.add');
      return !isValidDraft(event.item);
    },
    wouldExceedMaximum: ({ context, event }) => {
      assertEvent(event, 'cart.add');
      return cartCount(context.items) + event.item.quantity > context.maximumItemAmount;
    },
    wouldExceedOnIncrease: ({ context, event }) => {
      assertEvent(event, 'cart.changeQuantity');
      return event.delta > 0 && cartCount(context.items) + event.delta > context.maximumItemAmount;
    },
    isKnownItem: ({ context, event }) => {
      assertEvent(event, 'cart.changeQuantity');
      return context.items.some((i) => i.key === event.key);
    },
  },
  actions: {
    /** provided by the app (src/services/cart.ts): writes the items under the bag key */
    persist: () => {},
    /** provided by the app: a toast; params name OrderingTexts keys */
    notify: (_, _params: { message: 'unexpectedError' | 'cartFull' }) => {},
    /** the answer to the sender of `cart.add` when it named a `replyTo` (an add without one gets none) */
    reply: ({ event }, params: { answer: 'cart.added' } | { answer: 'cart.refused'; reason: 'full' | 'invalid' }) => {
      assertEvent(event, 'cart.add');
      event.replyTo?.send(params.answer === 'cart.added' ? { type: 'cart.added' } : { type: 'cart.refused', reason: params.reason });
    },
    applyInput: assign(({ event }) => {
      const i = inputOf<CartInput>(event, CART_DEFAULTS);
      return { items: Array.isArray(i.items) ? i.items : [], maximumItemAmount: i.maximumItemAmount > 0 ? i.maximumItemAmount : CART_DEFAULTS.maximumItemAmount, error: null };
    }),
    addItem: assign(({ context, event }) => {
      assertEvent(event, 'cart.add');
      return { items: added(context.items, event.item, event.at), error: null };
    }),
    changeQuantity: assign(({ context, event }) => {
      assertEvent(event, 'cart.changeQuantity');
      const items = context.items.map((i) => (i.key === event.key ? { ...i, quantity: i.quantity + event.delta } : i)).filter((i) => i.quantity > 0);
      return { items, error: null };
    }),
    clearItems: assign({ items: [], error: null }),
    assignMaximum: assign(({ event }) => {
      assertEvent(event, 'cart.setMaximum');
      return { maximumItemAmount: event.maximumItemAmount > 0 ? event.maximumItemAmount : CART_DEFAULTS.maximumItemAmount };
    }),
    assignAvailability: assign(({ context, event }) => {
      assertEvent(event, 'cart.availability');
      return { items: context.items.map((i) => ({ ...i, availability: event.availability[i.product.productNumber] ?? 'NotAvailableHere' })) };
    }),
    assignInvalid: assign({ error: 'productDataInvalid' as const }),
  },
}).createMachine({
  id: 'cart',
  description: 'The bag: items merged by key, quantities, availability at the chosen store; kept in this browser.',
  meta: { title: 'Cart (bag)', spec: '1 §3 Cart, §4 Cart and order, §5 adding needs product, size and quantity' },
  context: { items: [], maximumItemAmount: 15, error: null },
  entry: 'applyInput',
  initial: 'sorting',
  on: {
    'cart.availability': { actions: ['assignAvailability', 'persist'] },
    'cart.setMaximum': { target: '.sorting', actions: 'assignMaximum' },
  },
  states: {
    sorting: {
      description: 'Which of empty, filled or full the items make.',
      always: [{ guard: 'isFull', target: 'full' }, { guard: 'hasItems', target: 'filled' }, { target: 'empty' }],
    },
    empty: {
      description: 'No items.',
      meta: { message: 'cartEmpty' },
      on: {
        'cart.add': [
          { guard: 'isInvalidItem', actions: ['assignInvalid', { type: 'notify', params: { message: 'unexpectedError' } }, { type: 'reply', params: { answer: 'cart.refused', reason: 'invalid' } }] },
          { guard: 'wouldExceedMaximum', actions: [{ type: 'notify', params: { message: 'cartFull' } }, { type: 'reply', params: { answer: 'cart.refused', reason: 'full' } }] },
          { target: 'sorting', actions: ['addItem', 'persist', { type: 'reply', params: { answer: 'cart.added' } }] },
        ],
      },
    },
    filled: {
      description: 'Items below the maximum: more can be added.',
      on: {
        'cart.add': [
          { guard: 'isInvalidItem', actions: ['assignInvalid', { type: 'notify', params: { message: 'unexpectedError' } }, { type: 'reply', params: { answer: 'cart.refused', reason: 'invalid' } }] },
          { guard: 'wouldExceedMaximum', actions: [{ type: 'notify', params: { message: 'cartFull' } }, { type: 'reply', params: { answer: 'cart.refused', reason: 'full' } }] },
          { target: 'sorting', actions: ['addItem', 'persist', { type: 'reply', params: { answer: 'cart.added' } }] },
        ],
        'cart.changeQuantity': [
          { guard: 'wouldExceedOnIncrease', actions: { type: 'notify', params: { message: 'cartFull' } } },
          { guard: 'isKnownItem', target: 'sorting', actions: ['changeQuantity', 'persist'] },
        ],
        'cart.clear': { target: 'sorting', actions: ['clearItems', 'persist'] },
      },
    },
    full: {
      description: 'The item count reached maximumItemAmount: adding is refused with the item-maximum notice.',
      meta: { message: 'cartFull' },
      on: {
        'cart.add': [
          { guard: 'isInvalidItem', actions: ['assignInvalid', { type: 'notify', params: { message: 'unexpectedError' } }, { type: 'reply', params: { answer: 'cart.refused', reason: 'invalid' } }] },
          { actions: [{ type: 'notify', params: { message: 'cartFull' } }, { type: 'reply', params: { answer: 'cart.refused', reason: 'full' } }] },
        ],
        'cart.changeQuantity': [
          { guard: 'wouldExceedOnIncrease', actions: { type: 'notify', params: { message: 'cartFull' } } },
          { guard: 'isKnownItem', target: 'sorting', actions: ['changeQuantity', 'persist'] },
        ],
        'cart.clear': { target: 'sorting', actions: ['clearItems', 'persist'] },
      },
    },
  },
});
