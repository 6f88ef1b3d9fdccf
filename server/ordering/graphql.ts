import type * as v from 'valibot';
import {
  AddFavoriteProductInput,
  CustomerArrivalInput,
  DeleteFavoriteProductInput,
  GetFavoriteProductsInput,
  GetMenuInput,
  GetOffersInput,
  GetOrderInput,
  GetPreviousOrdersInput,
  GetProductInput,
  GetStoreTimeSlotsInput,
  OrderingCodes,
  PickupEstimateInput,
  PriceOrderInput,
  PricingByStoreNumberInput,
  PricingCodes,
  PricingRulesInput,
  SubmitOrderGuestInput,
  SubmitOrderInput,
  SimilarItemsInput,
} from '../../contracts/ordering.ts';
import type { GqlContext, GqlModule } from '../graphql/schema.ts';
import { checkInput, resolver, signedInUser } from '../graphql/errors.ts';
import { now } from '../clock.ts';
import { availability, catalog, menuOf, storeCtx, tile } from './catalog.ts';
import { productResponse } from './product.ts';
import { orderingError } from './errors.ts';
import { priceOrder, memberOf } from './pricing.ts';
import { submitOrder } from './submit.ts';
import { orderLines, pickupOptions, storeWait, summary, timeSlots, visibleOrder } from './orders.ts';
import { addFavoriteProduct, createCustomerArrival, deleteFavoriteProduct, favoriteProducts, previousOrders } from './account-data.ts';
import { offersFor } from './offers.ts';
import { OrderHistoryInput, OrderReceiptInput, ReorderCheckInput } from '../../contracts/order-history.ts';
import { orderHistory, orderReceipt, reorderCheck } from './history.ts';
import { pricingByStoreNumber, pricingRules } from './store-pricing.ts';

/**
 * The ordering operations of spec 7 (client documents: src/services/ordering/documents.ts, typed from this schema by
 * gql.tada; docs/architecture.md#graphql). Each field takes one typed `input` and answers a typed object; the
 * types say what shape a value has, the contract's valibot schema (contracts/ordering.ts, the same one REST uses)
 * what it may hold, checked before the resolver runs. Errors carry the REST error shape in `extensions`:
 * { code, message, status, field?, skus?, balance?, reloadOptions? } (server/graphql/errors.ts).
 */
const typeDefs = /* GraphQL */ `
  enum Availability { Available NotAvailableHere SoldOut NotOrderable }
  enum ProductType { Beverage Food Merchandise }
  enum Currency { USD CAD GBP }
  enum ConsumptionType { ConsumeInStore ConsumeOutOfStore }
  enum OrderStatus { placed preparing ready picked_up cancelled }
  enum TenderType { SVC CREDIT_CARD PAYPAL GUEST_CARD }
  enum OfferType { STAR_REWARD REWARD }
  enum LineItemKind { subtotal discount tax fee total }
  enum OptionKind { quantity select size }
  enum OptionSelection { single multiple }
  "the nine allergens of issue 29 (contracts/allergens.ts)"
  enum AllergenCode { milk egg soy wheat tree_nuts peanuts sesame fish shellfish }

  # ---- menu (get-menu), similar items
  type ProductTile {
    productNumber: Int!
    formCode: String!
    name: String!
    "local SVG art: /images/menu/{imageKey}.svg"
    imageURL: String!
    imageAlt: String!
    availability: Availability!
    "lowest price of the default form at this store (minor units), null on the national menu"
    priceFrom: Int
    productType: ProductType!
    featured: Boolean!
    calories: Float!
    "allergen codes of the default form's sizes as they come (the allergen filter reads them)"
    allergens: [AllergenCode!]!
  }
  type MenuSubcategory { id: ID! name: String! path: String! products: [ProductTile!]! }
  type MenuCategory { id: ID! name: String! path: String! imageURL: String! products: [ProductTile!]! subcategories: [MenuSubcategory!]! }
  type Menu { id: ID! name: String! path: String! categories: [MenuCategory!]! }
  type MenuResponse {
    menus: [Menu!]!
    storeNumber: String
    national: Boolean!
    menuAvailable: Boolean!
    locale: String!
    currency: Currency!
    taxIncludedNote: Boolean!
    svcOnly: Boolean!
    featured: [ProductTile!]!
  }
  type SimilarItems { productNumber: Int! products: [ProductTile!]! }

  # ---- product detail (get-product)
  type Nutrition {
    servingSize: String!
    calories: Float!
    totalFatG: Float!
    saturatedFatG: Float!
    transFatG: Float!
    cholesterolMg: Float!
    sodiumMg: Float!
    totalCarbohydratesG: Float!
    dietaryFiberG: Float!
    sugarsG: Float!
    proteinG: Float!
    caffeineMg: Float
  }
  type Size {
    sku: String!
    sizeCode: String!
    name: String!
    displaySize: String
    isDefault: Boolean!
    "price at the store (minor units); null on the national menu"
    price: Int
    nutrition: Nutrition!
    "display names of the size as it comes"
    allergens: [String!]!
    "allergen codes of the size as it comes (base and default options)"
    allergenCodes: [AllergenCode!]!
    "allergen codes of the size without options"
    baseAllergens: [AllergenCode!]!
  }
  type OptionSize { sku: String! sizeCode: String! name: String! }
  type OptionAttributes { unitOfMeasure: String }
  "an option's default quantity on one size of the product (0: not included)"
  type SizeQuantity { sizeCode: String! quantity: Int! }
  type Option {
    optionProductNumber: Int!
    name: String!
    sku: String!
    kind: OptionKind!
    attributes: OptionAttributes!
    "per size code of the product (REST answers the same as an object keyed by size code)"
    defaultQuantity: [SizeQuantity!]!
    maxQuantity: Int!
    unitPrice: Int!
    sizes: [OptionSize!]!
    defaultSizeCode: String
    "allergen codes the option brings when chosen"
    allergens: [AllergenCode!]!
  }
  type OptionGroup { id: ID! name: String! selection: OptionSelection! products: [Option!]! }
  type OptionCategory { id: ID! name: String! selection: OptionSelection! products: [Option!]! children: [OptionGroup!]! }
  type ProductForm { formCode: String! name: String! sizes: [Size!]! }
  type MenuPath { menu: String! category: String! subcategory: String }
  type ProductDetail {
    productNumber: Int!
    formCode: String!
    name: String!
    description: String!
    productType: ProductType!
    imageURL: String!
    imageAlt: String!
    availability: Availability!
    forms: [ProductForm!]!
    sizes: [Size!]!
    productOptions: [OptionCategory!]!
    maximumModifierAmount: Int!
    menuPath: MenuPath!
    storeNumber: String
    currency: Currency!
    locale: String!
  }
  type ProductResponse { products: [ProductDetail!]! }

  # ---- pricing (price-order, price-order-guest, get-offers)
  type PricedChildItem { sku: String! optionProductNumber: Int! name: String! sizeCode: String quantity: Int! price: Int! }
  type LineItem { label: String! amount: Int! kind: LineItemKind! }
  type PricedItem {
    sku: String!
    productNumber: Int!
    formCode: String!
    sizeCode: String!
    name: String!
    sizeName: String!
    quantity: Int!
    unitPrice: Int!
    totalPrice: Int!
    discount: Int!
    childItems: [PricedChildItem!]!
    availability: Availability!
    imageURL: String!
  }
  type Offer { code: String! stars: Int! type: OfferType! couponId: String hasBeenApplied: Boolean! description: String! }
  type PricingSummary {
    price: Int!
    subtotal: Int!
    discount: Int!
    tax: Int!
    taxIncluded: Boolean!
    label: String!
    lineItems: [LineItem!]!
    currency: Currency!
  }
  type PricingTransaction { orderId: String! }
  type PricedStore { storeNumber: String! name: String! countryCode: String! countrySubdivisionCode: String! svcOnly: Boolean! taxIncludedNote: Boolean! }
  type PricedCart { items: [PricedItem!]! offers: [Offer!]! }
  type StarsToEarn { svc: Int! other: Int! }
  type Fulfillment { consumptionType: ConsumptionType! collectionType: String! }
  type PricingResult {
    orderId: String!
    transaction: PricingTransaction!
    summary: PricingSummary!
    expiresIn: Int!
    expiresAt: String!
    store: PricedStore!
    cart: PricedCart!
    isTipEnabled: Boolean!
    additionalFeeDescription: String
    starsToEarn: StarsToEarn!
    fulfillment: Fulfillment!
    guest: Boolean!
  }
  type Offers { stars: Int! offers: [Offer!]! }

  # ---- orders (submit-order, submit-order-guest, get-order), time slots, pickup estimate, arrival
  type OrderArrival { stallNumber: Int pickUpOption: String! arrivedAt: String! displayName: String! }
  type Order {
    orderId: String!
    orderToken: String
    storeNumber: String!
    storeName: String!
    status: OrderStatus!
    placedAt: String!
    scheduledFor: String
    readyEstimateAt: String!
    pickupOption: String!
    consumptionType: ConsumptionType!
    items: [PricedItem!]!
    subtotal: Int!
    discount: Int!
    tax: Int!
    tipAmount: Int!
    total: Int!
    currency: Currency!
    tender: TenderType!
    starsEarned: Int!
    starsSpent: Int!
    guest: Boolean!
    arrival: OrderArrival
  }
  type OrderCard { cardId: ID! balance: Int! reloaded: Int! autoReloaded: Int }
  type Duplicate { code: String! message: String! }
  type SubmitOrderResult { order: Order! card: OrderCard duplicate: Duplicate }
  type OrderResponse { order: Order! }
  type TimeSlot { slotStart: String! slotEnd: String! label: String! available: Boolean! }
  type StoreTimeSlots { storeNumber: String! timeZone: String! timeSlots: [TimeSlot!]! }
  type WaitEstimate { minMinutes: Int! maxMinutes: Int! label: String! }
  type PickupOption { code: String! name: String! available: Boolean! wait: WaitEstimate! }
  type PickupEstimate { storeNumber: String! options: [PickupOption!]! }
  type Arrival { arrivalId: ID! orderId: String! storeNumber: String! stallNumber: Int arrivedAt: String! }

  # ---- previous orders, favorites
  type SkuRef { sku: String! }
  type AnsweredChildItem { commerce: SkuRef! optionProductNumber: Int! name: String! sizeCode: String quantity: Int! }
  type OrderedProduct { productNumber: Int formCode: String! name: String! imageURL: String! availability: Availability! }
  type SizeRef { sku: String! sizeCode: String! name: String! }
  type BasketItem { product: OrderedProduct! size: SizeRef! childItems: [AnsweredChildItem!]! quantity: Int! }
  type Basket { items: [BasketItem!]! }
  type ExpressOrder { orderToken: String }
  type PreviousOrder {
    orderId: String!
    orderType: String!
    basket: Basket!
    expressOrder: ExpressOrder
    locale: String!
    storeNumber: String!
    storeName: String!
    timeZone: String!
    status: OrderStatus!
    placedAt: String!
    total: Int!
    currency: Currency!
  }
  type PreviousOrders { previousOrders: [PreviousOrder!]! locale: String! storeNumber: String }
  type FavoriteForm { formCode: String! name: String! }
  type FavoriteSize { sku: String! sizeCode: String! name: String! price: Int }
  type FavoriteProductInfo {
    productNumber: Int!
    formCode: String!
    name: String!
    imageURL: String!
    availability: Availability!
    forms: [FavoriteForm!]!
    sizes: [FavoriteSize!]!
  }
  type FavoriteItem { commerce: SkuRef! sizeCode: String! quantity: Int! childItems: [AnsweredChildItem!]! }
  type Favorite { id: ID! product: FavoriteProductInfo! item: FavoriteItem! itemKey: String! }
  type Favorites { favoriteProducts: [Favorite!]! ids: [ID!]! locale: String! storeNumber: String }
  type AddFavoriteResult { favoriteProduct: Favorite! alreadyFavorite: Boolean! }
  type DeleteFavoriteResult { favoriteProductId: ID! }

  # ---- pricing rules, pricing by store number
  type Tipping { enabled: Boolean! tender: TenderType! maximumTipCents: Int! }
  type PricingRules {
    storeNumber: String
    guest: Boolean!
    maximumItemAmount: Int!
    maximumModifierAmount: Int!
    canOrder: Boolean!
    refusalCode: String
    guestOrdering: Boolean!
    tenders: [TenderType!]!
    tipping: Tipping!
    currency: Currency!
    taxIncluded: Boolean!
    taxIncludedNote: Boolean!
    quoteTtlSeconds: Int!
    staleAfterSeconds: Int!
  }
  type StorePrice { sku: String! productNumber: Int! formCode: String! sizeCode: String! price: Int! availability: Availability! }
  type StoreOptionPrice { sku: String! optionProductNumber: Int! unitPrice: Int! }
  type PricingByStoreNumber {
    storeNumber: String!
    currency: Currency!
    taxIncluded: Boolean!
    prices: [StorePrice!]!
    options: [StoreOptionPrice!]!
    staleAfterSeconds: Int!
  }

  # ---- inputs: the shape only; codes, lengths and ranges are the contract's check (400 naming the field)
  input GetMenuInput { storeNumber: String locale: String }
  input GetProductInput { productNumber: Int! formCode: String storeNumber: String locale: String }
  input GetOffersInput { storeNumber: String }
  input SkuInput { sku: String! }
  input ChildItemInput { commerce: SkuInput! quantity: Int! }
  input CartItemInput { commerce: SkuInput! quantity: Int! childItems: [ChildItemInput!] }
  input OfferInput { code: String! }
  input CartInput { items: [CartItemInput!]! offers: [OfferInput!] }
  "consumptionType: ConsumeInStore | ConsumeOutOfStore; collectionType: 16 (in store) | DT | CX"
  input FulfillmentInput { consumptionType: String collectionType: String }
  input OrderInput { cart: CartInput! fulfillment: FulfillmentInput }
  input PriceOrderInput { storeNumber: String! order: OrderInput! enableTransparentPricing: Boolean locale: String }
  "tender: SVC (id: cardId) | CREDIT_CARD | PAYPAL (id: paymentMethodId) | GUEST_CARD (id: single-use token)"
  input TenderInput { tender: String! id: String! amount: Int! }
  input ScheduledOrderingInput { slotStart: String! }
  input OrderReloadInput { paymentMethodId: String! amount: Int! }
  input SubmitOrderInput {
    orderId: String!
    storeNumber: String!
    tenders: [TenderInput!]!
    tipAmount: Int
    scheduledOrdering: ScheduledOrderingInput
    reload: OrderReloadInput
    idempotencyKey: String!
    risk: RiskInput
  }
  input GuestInput { email: String! firstName: String! guestEmailMarketingOptIn: Boolean addressToken: String }
  input SubmitOrderGuestInput {
    orderId: String!
    storeNumber: String!
    tenders: [TenderInput!]!
    tipAmount: Int
    scheduledOrdering: ScheduledOrderingInput
    reload: OrderReloadInput
    idempotencyKey: String!
    risk: RiskInput
    guest: GuestInput!
  }
  input GetOrderInput { orderId: String! orderToken: String }
  input StoreNumberInput { storeNumber: String! }
  input StorePricingInput { timeZone: String ownershipTypeCode: String countryCode: String }
  input GetPreviousOrdersInput { locale: String storeNumber: String limit: Int storePricingInput: StorePricingInput }
  input GetFavoriteProductsInput { locale: String storeNumber: String storePricingInput: StorePricingInput }
  input FavoriteItemInput { commerce: SkuInput! quantity: Int childItems: [ChildItemInput!] }
  input AddFavoriteProductInput { locale: String item: FavoriteItemInput! }
  input DeleteFavoriteProductInput { locale: String favoriteProductId: ID! }
  input CustomerArrivalDetails { pickUpOption: String! storeNumber: String! "the order token (guests); or orderId with the owner's session" orderToken: String orderId: ID displayName: String! stallNumber: Int }
  input CustomerArrivalInput { customerArrivalInput: CustomerArrivalDetails! }
  input SimilarItemsInput { productNumber: Int! storeNumber: String limit: Int }
  input PricingRulesInput { storeNumber: String guest: Boolean }
  input PricingByStoreNumberInput { storeNumber: String! skus: [String!] }

  # ---- order history, receipt, reorder check (docs/home.md 3.5, 4; members only, own orders only)
  type HistoryOption { name: String! quantity: Int! "charged price (minor units)" price: Int! }
  type HistoryItem { name: String! sizeName: String! quantity: Int! options: [HistoryOption!]! price: Int! discount: Int! }
  type HistoryStore { storeNumber: String! name: String! timeZone: String! }
  type HistoryOrder {
    orderId: ID!
    placedAt: String!
    store: HistoryStore!
    "16 (in store) | DT | CX"
    pickupOption: String!
    items: [HistoryItem!]!
    total: Int!
    currency: Currency!
    "Harbor Card •••• 0001, Visa •••• 4242, PayPal"
    payment: String!
    starsEarned: Int!
    status: OrderStatus!
  }
  type OrderHistoryPage { orders: [HistoryOrder!]! nextCursor: String }
  type ReceiptTender { label: String! amount: Int! }
  type OrderReceipt {
    orderId: ID!
    placedAt: String!
    store: HistoryStore!
    pickupOption: String!
    items: [HistoryItem!]!
    total: Int!
    currency: Currency!
    payment: String!
    starsEarned: Int!
    status: OrderStatus!
    subtotal: Int!
    discount: Int!
    offers: [String!]!
    tax: Int!
    taxIncluded: Boolean!
    taxIncludedNote: String
    tip: Int!
    tenders: [ReceiptTender!]!
    starsSpent: Int!
  }
  type UnavailableItem { name: String! reason: Availability! }
  type ReorderCheck { storeNumber: String! items: [BasketItem!]! unavailable: [UnavailableItem!]! }
  "limit 1-20 (default 10); cursor: the previous page's nextCursor"
  input OrderHistoryInput { limit: Int cursor: String }
  input OrderReceiptInput { orderId: ID! }
  input ReorderCheckInput { orderId: ID! storeNumber: String! }

  extend type Query {
    orderHistory(input: OrderHistoryInput!): OrderHistoryPage!
    orderReceipt(input: OrderReceiptInput!): OrderReceipt!
    reorderCheck(input: ReorderCheckInput!): ReorderCheck!
    menu(input: GetMenuInput!): MenuResponse!
    product(input: GetProductInput!): ProductResponse!
    offers(input: GetOffersInput!): Offers!
    order(input: GetOrderInput!): OrderResponse!
    storeTimeSlots(input: StoreNumberInput!): StoreTimeSlots!
    pickupEstimate(input: StoreNumberInput!): PickupEstimate!
    previousOrders(input: GetPreviousOrdersInput!): PreviousOrders!
    favoriteProducts(input: GetFavoriteProductsInput!): Favorites!
    similarItems(input: SimilarItemsInput!): SimilarItems!
    pricingRules(input: PricingRulesInput!): PricingRules!
    pricingByStoreNumber(input: PricingByStoreNumberInput!): PricingByStoreNumber!
  }
  extend type Mutation {
    priceOrder(input: PriceOrderInput!): PricingResult!
    priceOrderGuest(input: PriceOrderInput!): PricingResult!
    submitOrder(input: SubmitOrderInput!): SubmitOrderResult!
    submitOrderGuest(input: SubmitOrderGuestInput!): SubmitOrderResult!
    addFavoriteProduct(input: AddFavoriteProductInput!): AddFavoriteResult!
    deleteFavoriteProduct(input: DeleteFavoriteProductInput!): DeleteFavoriteResult!
    createCustomerArrival(input: CustomerArrivalInput!): Arrival!
  }
`;

/** a resolver of one operation: its `input` checked with the contract's schema first */
const field = <S extends v.GenericSchema>(schema: S, fn: (input: v.InferOutput<S>, ctx: GqlContext) => Promise<unknown>) =>
  resolver((args: { input: unknown }, ctx) => fn(checkInput(schema, args.input), ctx));
const userOf = signedInUser;

async function ctxOr404(ctx: GqlContext, storeNumber: string) {
  const s = await storeCtx(ctx.deps.db, storeNumber);
  if (!s) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  return s;
}

export const orderingGraphql: GqlModule = {
  typeDefs,
  resolvers: {
    Query: {
      menu: field(GetMenuInput, async (input, ctx) => {
        const cat = await catalog(ctx.deps.db);
        if (!input.storeNumber) return menuOf(cat, null, input.locale);
        const s = await ctxOr404(ctx, input.storeNumber);
        if (s.menuState === 'failing') throw orderingError(OrderingCodes.menuLoadError);
        if (s.menuState === 'empty') throw orderingError(OrderingCodes.emptyMenu);
        return menuOf(cat, s, input.locale);
      }),
      product: field(GetProductInput, async (input, ctx) => productResponse(ctx.deps.db, input)),
      offers: field(GetOffersInput, async (_input, ctx) => {
        if (!ctx.session) return { stars: 0, offers: [] };
        return offersFor(ctx.deps.db, ctx.session.userId);
      }),
      order: field(GetOrderInput, async (input, ctx) => {
        const o = await visibleOrder(ctx.deps.db, input.orderId, { userId: ctx.session?.userId ?? null, orderToken: input.orderToken });
        if (!o) throw orderingError(OrderingCodes.orderNotFound, { field: 'orderId' });
        const items = (await orderLines(ctx.deps.db, [o.order_id])).get(o.order_id) ?? [];
        return { order: summary(o, items) };
      }),
      storeTimeSlots: field(GetStoreTimeSlotsInput, async (input, ctx) => {
        const s = await ctxOr404(ctx, input.storeNumber);
        return { storeNumber: s.row.store_number, timeZone: s.row.time_zone_id, timeSlots: await timeSlots(ctx.deps.db, s) };
      }),
      pickupEstimate: field(PickupEstimateInput, async (input, ctx) => {
        const s = await ctxOr404(ctx, input.storeNumber);
        const at = now();
        const options = [];
        for (const o of pickupOptions(s)) options.push({ ...o, wait: await storeWait(ctx.deps.db, s.short, o.code, at) });
        return { storeNumber: s.row.store_number, options };
      }),
      orderHistory: field(OrderHistoryInput, async (input, ctx) => orderHistory(ctx.deps.db, userOf(ctx), input)),
      orderReceipt: field(OrderReceiptInput, async (input, ctx) => orderReceipt(ctx.deps.db, userOf(ctx), input.orderId)),
      reorderCheck: field(ReorderCheckInput, async (input, ctx) => reorderCheck(ctx.deps.db, userOf(ctx), input)),
      previousOrders: field(GetPreviousOrdersInput, async (input, ctx) => previousOrders(ctx.deps.db, userOf(ctx), input)),
      favoriteProducts: field(GetFavoriteProductsInput, async (input, ctx) => favoriteProducts(ctx.deps.db, userOf(ctx), input)),
      similarItems: field(SimilarItemsInput, async (input, ctx) => {
        const cat = await catalog(ctx.deps.db);
        const p = cat.products.get(input.productNumber);
        if (!p || p.hidden) throw orderingError(OrderingCodes.productNotFound, { field: 'productNumber' });
        const s = input.storeNumber ? await ctxOr404(ctx, input.storeNumber) : null;
        const category = cat.categoryById.get(p.category_id)!;
        const siblings = [...(cat.productsByCategory.get(p.category_id) ?? []), ...cat.categories.filter((c) => c.parent_id && c.parent_id === category.parent_id && c.category_id !== p.category_id).flatMap((c) => cat.productsByCategory.get(c.category_id) ?? [])];
        const products = siblings.filter((x) => x.product_number !== p.product_number && availability(cat, x, s) === 'Available').slice(0, input.limit).map((x) => tile(cat, x, s));
        return { productNumber: p.product_number, products };
      }),
      pricingRules: field(PricingRulesInput, async (input, ctx) => pricingRules(ctx.deps.db, input, ctx.session?.userId ?? null)),
      pricingByStoreNumber: field(PricingByStoreNumberInput, async (input, ctx) => pricingByStoreNumber(ctx.deps.db, input)),
    },
    Option: {
      defaultQuantity: (o: { defaultQuantity: Record<string, number> }) => Object.entries(o.defaultQuantity).map(([sizeCode, quantity]) => ({ sizeCode, quantity })),
    },
    Mutation: {
      priceOrder: field(PriceOrderInput, async (input, ctx) => priceOrder(ctx.deps.db, input, { userId: userOf(ctx), guest: false })),
      priceOrderGuest: field(PriceOrderInput, async (input, ctx) => priceOrder(ctx.deps.db, input, { userId: null, guest: true })),
      submitOrder: field(SubmitOrderInput, async (input, ctx) => submitOrder(ctx.deps.db, input, { userId: userOf(ctx), guest: false })),
      submitOrderGuest: field(SubmitOrderGuestInput, async (input, ctx) => submitOrder(ctx.deps.db, input, { userId: null, guest: true, guestInfo: input.guest })),
      addFavoriteProduct: field(AddFavoriteProductInput, async (input, ctx) => addFavoriteProduct(ctx.deps.db, userOf(ctx), input)),
      deleteFavoriteProduct: field(DeleteFavoriteProductInput, async (input, ctx) => deleteFavoriteProduct(ctx.deps.db, userOf(ctx), input.favoriteProductId)),
      createCustomerArrival: field(CustomerArrivalInput, async (input, ctx) => createCustomerArrival(ctx.deps.db, input.customerArrivalInput, ctx.session?.userId ?? null)),
    },
  },
};

// get-product's resolver and the REST route share it; its own module keeps graphql-yoga out of the REST routes' imports
export { productResponse } from './product.ts';

export { memberOf };
