import { setup, assign, fromPromise, assertEvent, sendTo, type ActorRef, type DoneActorEvent, type ErrorActorEvent, type Snapshot } from 'xstate';
import type { ProductDetail, ProductResponse } from '../contracts/ordering.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { isValidDraft } from './ordering-types.ts';
import type { CartAnswer, CartEvent } from './cart.machine.ts';
import { defaultQuantities, defaultSize, draftOf, withOption, type OptionQuantities } from './product-options.ts';
import { addedAllergens, chosenAllergens } from './allergen-rules.ts';
import { itemKey } from '../contracts/ordering-item-key.ts';
import { stockOf, type StockAvailability } from './stock-rules.ts';
import type { AllergenCode } from '../contracts/allergens.ts';

/**
 * The product page (spec 1 section 2 /menu/product/{productNumber}/{formCode}, section 3 "Product detail", section 5):
 * load the product at the chosen store; choose a size, option quantities within each option's maximum and
 * maximumModifierAmount over all options, and a quantity; the price follows the choices (product-options.ts).
 * Adding needs a product, a size code and a quantity: otherwise an unexpected-error notice and 'Product data is
 * invalid'. The item goes to the app's cart actor (`cart.add` with this machine as `replyTo`), which answers
 * `cart.added` or `cart.refused`: a full bag (maximumItemAmount, spec 4) refuses the item and the page says so instead
 * of "Added". A product that is not found is the 404; a failed load shows the product error with a retry.
 */
export interface ProductInput {
  productNumber: number;
  formCode: string;
  storeNumber: string | null;
  locale: string;
  maximumModifierAmount: number;
  /** the app's cart actor (a root actor, src/services/cart.ts): takes `cart.add` and answers */
  cart: CartRef | null;
}
/** what the product page needs of the cart: an actor that takes `cart.add` */
export type CartRef = ActorRef<Snapshot<unknown>, CartEvent>;
export interface ProductContext extends ProductInput {
  product: ProductDetail | null;
  sizeCode: string | null;
  options: OptionQuantities;
  quantity: number;
  /** 'productDataInvalid' or 'addInLimit' after a refused choice; cleared by the next accepted one */
  error: 'productDataInvalid' | 'addInLimit' | 'unavailable' | null;
  /** the allergens the choices add to the size as it comes (the warning before adding; issue 29) */
  addedAllergens: AllergenCode[];
  /** the item key last confirmed in the warning: the same configuration is not warned about twice in one visit */
  confirmedKey: string | null;
  /** the time of the add that is waiting for the warning's answer */
  pendingAt: number;
  /**
   * issue 30: the product at this store now: the loaded availability with the store's live stock laid over it
   * (`stock.changed`, issue 29's feed); anything but 'Available' ('SoldOut', 'NotAvailableHere'...) refuses the add
   */
  availability: string;
  /** the live stock told so far (product number → availability), laid over a product loaded later */
  stock: Readonly<Record<string, StockAvailability>>;
}
export type ProductEvent =
  | { type: 'user.selectSize'; sizeCode: string }
  | { type: 'user.setOption'; optionProductNumber: number; quantity: number }
  | { type: 'user.setQuantity'; quantity: number }
  | { type: 'user.addToCart'; at: number }
  | { type: 'user.addAnyway' }
  | { type: 'user.goBack' }
  | { type: 'user.continue' }
  | { type: 'user.retry' }
  /** the store's live stock for this product (issue 29's feed; src/routes/-ordering/ProductPage.tsx sends it) */
  | { type: 'stock.changed'; availability: string }
  | CartAnswer
  | DoneActorEvent<ProductResponse, 'loadProduct'>
  | ErrorActorEvent<unknown, 'loadProduct'>;

export interface ProductRequest {
  productNumber: number;
  formCode: string;
  storeNumber?: string;
  locale: string;
}
export function productRequest({ context }: { context: Pick<ProductContext, 'productNumber' | 'formCode' | 'storeNumber' | 'locale'> }): ProductRequest {
  return { productNumber: context.productNumber, formCode: context.formCode, ...(context.storeNumber ? { storeNumber: context.storeNumber } : {}), locale: context.locale };
}

/** what adding to the bag sends the cart: the draft of the current choices, the time, and who waits for the answer */
export function cartAddOf({ context, event, self }: { context: Pick<ProductContext, 'product' | 'sizeCode' | 'options' | 'quantity'> & Partial<Pick<ProductContext, 'pendingAt'>>; event: ProductEvent; self: ActorRef<Snapshot<unknown>, CartAnswer> }): Extract<CartEvent, { type: 'cart.add' }> {
  assertEvent(event, ['user.addToCart', 'user.addAnyway']);
  const item = draftOf(context.product, context.sizeCode, context.options, context.quantity);
  if (!isValidDraft(item)) throw new Error('cart.add: no valid item');
  return { type: 'cart.add', item, at: event.type === 'user.addToCart' ? event.at : (context.pendingAt ?? 0), replyTo: self };
}

/** the allergens the current choices add to the size as it comes (its default options), in display order */
export function allergensAdded(context: Pick<ProductContext, 'product' | 'sizeCode' | 'options'>): AllergenCode[] {
  const p = context.product;
  if (!p) return [];
  return addedAllergens(chosenAllergens(p, context.sizeCode, defaultQuantities(p, context.sizeCode)), chosenAllergens(p, context.sizeCode, context.options));
}
/** the configuration's key (no quantity): what a confirmed warning remembers */
function choiceKey(context: Pick<ProductContext, 'product' | 'sizeCode' | 'options'>): string {
  const d = draftOf(context.product, context.sizeCode, context.options, 1);
  return d.product && d.size ? itemKey(d.product.productNumber, d.product.formCode, d.size.sizeCode, d.selectedOptions.map((o) => ({ commerce: { sku: o.sku }, quantity: o.quantity }))) : '';
}

export const productMachine = setup({
  types: { context: {} as ProductContext, events: {} as ProductEvent, input: {} as ProductInput },
  actors: {
    loadProduct: fromPromise<ProductResponse, ProductRequest>(async () => notProvided('loadProduct')),
  },
  guards: {
    hasNoProduct: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadProduct');
      return !event.output.products[0];
    },
    isNotFound: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadProduct');
      return asFlowError(event.error).code === 'PRODUCT_NOT_FOUND';
    },
    isKnownSize: ({ context, event }) => {
      assertEvent(event, 'user.selectSize');
      return !!context.product?.sizes.some((s) => s.sizeCode === event.sizeCode);
    },
    isWithinLimits: ({ context, event }) => {
      assertEvent(event, 'user.setOption');
      return !!context.product && withOption(context.product, context.options, event.optionProductNumber, event.quantity, context.maximumModifierAmount) !== null;
    },
    isValidQuantity: ({ event }) => {
      assertEvent(event, 'user.setQuantity');
      return Number.isInteger(event.quantity) && event.quantity >= 1 && event.quantity <= 99;
    },
    /** issue 30: sold out, or not sold at this store: Add to order is refused (the page says which) */
    isUnavailable: ({ context }) => context.availability !== 'Available',
    isValidItem: ({ context }) => isValidDraft(draftOf(context.product, context.sizeCode, context.options, context.quantity)),
    /** a valid item whose choices add an allergen, not already confirmed in this visit */
    needsAllergenWarning: ({ context }) => isValidDraft(draftOf(context.product, context.sizeCode, context.options, context.quantity)) && allergensAdded(context).length > 0 && context.confirmedKey !== choiceKey(context),
    isCartFull: ({ event }) => {
      assertEvent(event, 'cart.refused');
      return event.reason === 'full';
    },
  },
  actions: {
    /** provided by the route: a toast; params name OrderingTexts keys */
    notify: (_, _params: { message: 'unexpectedError' }) => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<ProductInput>(event, { productNumber: 0, formCode: '', storeNumber: null, locale: 'en-US', maximumModifierAmount: 12, cart: null });
      return { productNumber: i.productNumber, formCode: i.formCode, storeNumber: i.storeNumber, locale: i.locale, maximumModifierAmount: i.maximumModifierAmount, cart: i.cart ?? null };
    }),
    /** `cart.add` to the app's cart actor, this machine as replyTo (the cart answers cart.added or cart.refused) */
    askCart: sendTo(
      ({ context }) => {
        if (!context.cart) throw new Error('askCart: no cart actor in the input');
        return context.cart;
      },
      ({ context, event, self }) => cartAddOf({ context, event, self }),
    ),
    assignProduct: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadProduct');
      const product = event.output.products[0] ?? null;
      const size = product ? defaultSize(product) : null;
      return { product, sizeCode: size?.sizeCode ?? null, options: product ? defaultQuantities(product, size?.sizeCode ?? null) : {}, quantity: 1, error: null, availability: stockOf(context.stock, context.productNumber, product?.availability ?? 'Available') };
    }),
    assignSize: assign(({ context, event }) => {
      assertEvent(event, 'user.selectSize');
      return context.product ? { sizeCode: event.sizeCode, options: defaultQuantities(context.product, event.sizeCode), error: null } : {};
    }),
    assignOption: assign(({ context, event }) => {
      assertEvent(event, 'user.setOption');
      if (!context.product) return {};
      return { options: withOption(context.product, context.options, event.optionProductNumber, event.quantity, context.maximumModifierAmount) ?? context.options, error: null };
    }),
    assignLimitError: assign({ error: 'addInLimit' as const }),
    assignStock: assign(({ context, event }) => {
      assertEvent(event, 'stock.changed');
      const stock = { ...context.stock, [String(context.productNumber)]: event.availability === 'SoldOut' ? ('SoldOut' as const) : ('Available' as const) };
      return { stock, availability: context.product ? stockOf(stock, context.productNumber, context.product.availability) : context.availability };
    }),
    assignQuantity: assign(({ event }) => {
      assertEvent(event, 'user.setQuantity');
      return { quantity: event.quantity, error: null };
    }),
    assignInvalid: assign({ error: 'productDataInvalid' as const }),
    /** issue 30: an add refused because the store does not sell the item now (the page shows 'Sold out' or 'Not sold at this store') */
    assignUnavailable: assign({ error: 'unavailable' as const }),
    assignWarning: assign(({ context, event }) => {
      assertEvent(event, 'user.addToCart');
      return { addedAllergens: allergensAdded(context), pendingAt: event.at };
    }),
    confirmWarning: assign(({ context }) => ({ confirmedKey: choiceKey(context) })),
    resetChoices: assign(({ context }) => ({ quantity: 1, error: null, options: context.product ? defaultQuantities(context.product, context.sizeCode) : {} })),
  },
}).createMachine({
  id: 'product',
  description: 'A product at the chosen store: size, options within limits, quantity, price; add to the bag.',
  meta: { title: 'Product', spec: '1 §2 product routes, §3 Product detail, §5 adding needs product, size and quantity' },
  context: { productNumber: 0, formCode: '', storeNumber: null, locale: 'en-US', maximumModifierAmount: 12, cart: null, product: null, sizeCode: null, options: {}, quantity: 1, error: null, addedAllergens: [], confirmedKey: null, pendingAt: 0, availability: 'Available', stock: {} },
  entry: 'applyInput',
  initial: 'loading',
  on: { 'stock.changed': { actions: 'assignStock' } },
  states: {
    loading: {
      description: 'GET /apiproxy/v1/ordering/{productNumber} for the store.',
      tags: ['loading'],
      invoke: {
        id: 'loadProduct',
        src: 'loadProduct',
        input: productRequest,
        onDone: [{ guard: 'hasNoProduct', target: 'notFound' }, { target: 'editing', actions: 'assignProduct' }],
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    notFound: { description: 'No such product: the 404.', tags: ['notFound'], meta: { message: 'productNotFound' } },
    failed: { description: 'The product failed to load: the product error and a retry.', tags: ['error'], meta: { message: 'productError' }, on: { 'user.retry': { target: 'loading' } } },
    editing: {
      description: 'Size, options and quantity; the price follows.',
      on: {
        'user.selectSize': { guard: 'isKnownSize', actions: 'assignSize' },
        'user.setOption': [{ guard: 'isWithinLimits', actions: 'assignOption' }, { actions: 'assignLimitError' }],
        'user.setQuantity': { guard: 'isValidQuantity', actions: 'assignQuantity' },
        'user.addToCart': [
          { guard: 'isUnavailable', actions: 'assignUnavailable' },
          { guard: 'needsAllergenWarning', target: 'warning', actions: 'assignWarning' },
          { guard: 'isValidItem', target: 'adding', actions: 'askCart' },
          { actions: ['assignInvalid', { type: 'notify', params: { message: 'unexpectedError' } }] },
        ],
      },
    },
    warning: {
      description: "The choices add an allergen (an almondmilk swap, a topping): 'This changes the allergens' before adding; the choices stay on Go back.",
      meta: { message: 'warningAdds' },
      on: {
        'user.addAnyway': { target: 'adding', actions: ['confirmWarning', 'askCart'] },
        'user.goBack': { target: 'editing' },
      },
    },
    adding: {
      description: 'cart.add went to the cart actor, which answers: added, or refused when it holds maximumItemAmount items (spec 4).',
      tags: ['loading'],
      on: {
        'cart.added': { target: 'added' },
        'cart.refused': [{ guard: 'isCartFull', target: 'cartFull' }, { target: 'editing', actions: 'assignInvalid' }],
      },
    },
    added: {
      description: 'In the bag: a confirmation with the way to the bag or on customising.',
      on: { 'user.continue': { target: 'editing', actions: 'resetChoices' } },
    },
    cartFull: {
      description: 'The bag is full (maximumItemAmount): the item-maximum message instead of a confirmation; the choices stay.',
      tags: ['error'],
      meta: { message: 'cartFull' },
      on: { 'user.continue': { target: 'editing' } },
    },
  },
});
