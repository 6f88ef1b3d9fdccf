/** Ordering fixtures shared by the ordering flows' expectation tables and view tests. */
import type { CartItemDraft } from '../ordering-types.ts';

export const latte = { productNumber: 2121, formCode: 'hot', name: 'Caffè Latte' };
export const croissant = { productNumber: 3131, formCode: 'single', name: 'Butter Croissant' };

/** a grande latte with an extra shot and two pumps of vanilla, options listed in the order given */
export const latteDraft = (order: 'shot-first' | 'vanilla-first' = 'shot-first', quantity = 1): CartItemDraft => {
  const shot = { optionProductNumber: 401, sku: '401-shot', quantity: 1, sizeCode: 'grande' };
  const vanilla = { optionProductNumber: 502, sku: '502-pump', quantity: 2 };
  return {
    product: latte,
    size: { sku: '2121-grande', sizeCode: 'grande', name: 'Grande' },
    selectedOptions: order === 'shot-first' ? [shot, vanilla] : [vanilla, shot],
    quantity,
    productImage: '/menu-images/latte.svg',
    unitPrice: 545,
  };
};
export const croissantDraft = (quantity = 2): CartItemDraft => ({
  product: croissant,
  size: { sku: '3131-one', sizeCode: 'one', name: 'One size' },
  selectedOptions: [],
  quantity,
  productImage: '/menu-images/croissant.svg',
  unitPrice: 325,
});
/** the keys the spec's rule gives those two: product id, size code, sorted options with quantity and size initial */
export const LATTE_KEY = '2121/hot|grande|401x1g|502x2';
export const CROISSANT_KEY = '3131/single|one';

import type { MenuResponse, ProductTile } from '../../contracts/ordering.ts';

export const tile = (productNumber: number, name: string, extra: Partial<ProductTile> = {}): ProductTile => ({
  productNumber,
  formCode: 'hot',
  name,
  imageURL: `/apiproxy/v1/images/menu/p${productNumber}.svg`,
  imageAlt: name,
  availability: 'Available',
  priceFrom: 395,
  productType: 'Beverage',
  featured: false,
  calories: 190,
  allergens: [],
  ...extra,
});
/** drinks (a category with subcategories: hot coffees, cold coffees) and food (a category with products) */
export const menuFixture = (extra: Partial<MenuResponse> = {}): MenuResponse => ({
  menus: [
    {
      id: 'drinks',
      name: 'Drinks',
      path: 'drinks',
      categories: [
        {
          id: 'coffee',
          name: 'Coffee',
          path: 'coffee',
          imageURL: '/apiproxy/v1/images/menu/coffee.svg',
          products: [],
          subcategories: [
            { id: 'hot', name: 'Hot coffees', path: 'hot-coffees', products: [tile(2121, 'Caffè Latte'), tile(2122, 'Flat White', { availability: 'NotAvailableHere' })] },
            { id: 'cold', name: 'Cold coffees', path: 'cold-coffees', products: [tile(2200, 'Cold Brew', { formCode: 'iced' })] },
            { id: 'none', name: 'Nothing here', path: 'nothing', products: [] },
          ],
        },
        { id: 'empty', name: 'Empty', path: 'empty', imageURL: '', products: [], subcategories: [] },
      ],
    },
    {
      id: 'food',
      name: 'Food',
      path: 'food',
      categories: [{ id: 'bakery', name: 'Bakery', path: 'bakery', imageURL: '/apiproxy/v1/images/menu/bakery.svg', products: [tile(3131, 'Butter Croissant', { formCode: 'single', productType: 'Food', priceFrom: 325 })], subcategories: [] }],
    },
  ],
  storeNumber: '10001',
  national: false,
  menuAvailable: true,
  locale: 'en-US',
  currency: 'USD',
  taxIncludedNote: false,
  svcOnly: false,
  featured: [tile(2121, 'Caffè Latte', { featured: true })],
  ...extra,
});

import type { OptionProduct, ProductDetail, ProductSize } from '../../contracts/ordering.ts';

const nutrition = { servingSize: '16 fl oz', calories: 190, totalFatG: 7, saturatedFatG: 4.5, transFatG: 0, cholesterolMg: 30, sodiumMg: 170, totalCarbohydratesG: 19, dietaryFiberG: 0, sugarsG: 17, proteinG: 13, caffeineMg: 150 };
const size = (sizeCode: string, name: string, price: number | null, isDefault = false): ProductSize => ({ sku: `2121-${sizeCode}`, sizeCode, name, displaySize: null, isDefault, price, nutrition: { ...nutrition, calories: sizeCode === 'tall' ? 150 : 190 }, allergens: ['Milk'], allergenCodes: ['milk'], baseAllergens: [] });
const option = (n: number, name: string, kind: OptionProduct['kind'], defaults: Record<string, number>, maxQuantity: number, unitPrice: number, allergens: OptionProduct['allergens'] = []): OptionProduct => ({
  optionProductNumber: n, name, sku: `opt-${n}`, kind, attributes: { unitOfMeasure: kind === 'quantity' ? 'pump' : null }, defaultQuantity: defaults, maxQuantity, unitPrice, sizes: [], defaultSizeCode: null, allergens,
});
/** a latte: tall $4.75 / grande $5.45; milk (one of 2% or oat +$0.70), shots (tall 1, grande 2, +$0.90 each), vanilla pumps (+$0.80 each) */
export const latteDetail = (extra: Partial<ProductDetail> = {}): ProductDetail => ({
  productNumber: 2121,
  formCode: 'hot',
  name: 'Caffè Latte',
  description: 'Espresso with steamed milk.',
  productType: 'Beverage',
  imageURL: '/apiproxy/v1/images/menu/p2121.svg',
  imageAlt: 'Caffè Latte',
  availability: 'Available',
  forms: [{ formCode: 'hot', name: 'Hot', sizes: [] }],
  sizes: [size('tall', 'Tall', 475), size('grande', 'Grande', 545, true)],
  productOptions: [
    { id: 'milk', name: 'Milk', selection: 'single', products: [option(301, '2% milk', 'select', { tall: 1, grande: 1 }, 1, 0, ['milk']), option(302, 'Oat milk', 'select', {}, 1, 70), option(303, 'Almond milk', 'select', {}, 1, 70, ['tree_nuts'])], children: [] },
    { id: 'espresso', name: 'Espresso & shots', selection: 'multiple', products: [option(401, 'Shots', 'quantity', { tall: 1, grande: 2 }, 6, 90)], children: [] },
    { id: 'flavors', name: 'Flavors', selection: 'multiple', products: [], children: [{ id: 'syrups', name: 'Syrups', selection: 'multiple', products: [option(502, 'Vanilla syrup', 'quantity', {}, 6, 80)] }] },
  ],
  maximumModifierAmount: 12,
  menuPath: { menu: 'drinks', category: 'coffee', subcategory: 'hot-coffees' },
  storeNumber: '10001',
  currency: 'USD',
  locale: 'en-US',
  ...extra,
});

import type { PricingResult } from '../../contracts/ordering.ts';

/** a quote of $12.00 at store 10001, the offer STAR150 applied, tipping allowed, expiring 2030-01-01 */
export const pricingFixture = (extra: { applied?: boolean; svcOnly?: boolean; price?: number; orderId?: string } = {}): PricingResult => ({
  orderId: extra.orderId ?? 'ord_abcdefghij01',
  transaction: { orderId: extra.orderId ?? 'ord_abcdefghij01' },
  summary: { price: extra.price ?? 1200, subtotal: 1100, discount: 0, tax: 100, taxIncluded: false, label: 'Total', lineItems: [{ label: 'Subtotal', amount: 1100, kind: 'subtotal' }, { label: 'Tax', amount: 100, kind: 'tax' }], currency: 'USD' },
  expiresIn: 300,
  expiresAt: '2030-01-01T00:00:00.000Z',
  store: { storeNumber: '10001', name: 'Pike Place', countryCode: 'US', countrySubdivisionCode: 'WA', svcOnly: !!extra.svcOnly, taxIncludedNote: false },
  cart: { items: [], offers: [{ code: 'STAR150', stars: 150, type: 'STAR_REWARD', couponId: null, hasBeenApplied: extra.applied ?? true, description: 'A handcrafted drink' }] },
  isTipEnabled: true,
  additionalFeeDescription: null,
  starsToEarn: { svc: 24, other: 12 },
  fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: '16' },
  guest: false,
});

import type { BasketItem, PreviousOrder } from '../../contracts/ordering.ts';

export const basketItem = (productNumber: number | null, availability: BasketItem['product']['availability'] = 'Available'): BasketItem => ({
  product: { productNumber, formCode: 'hot', name: `Product ${productNumber}`, imageURL: '', availability },
  size: { sku: `${productNumber}-grande`, sizeCode: 'grande', name: 'Grande' },
  childItems: [],
  quantity: 1,
});
export const previousOrder = (orderId: string, items: BasketItem[], orderType = '140'): PreviousOrder => ({
  orderId, orderType, basket: { items }, expressOrder: orderType === '141' ? { orderToken: 'ot_x' } : null, locale: 'en-US', storeNumber: '10001', storeName: 'Pike & 1st', timeZone: 'America/Los_Angeles', status: 'picked_up', placedAt: '2026-11-23T20:00:00.000Z', total: 545, currency: 'USD',
});
