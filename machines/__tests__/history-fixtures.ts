/** Fixtures of order history, receipts and reorder checks (machine and view tests). */
import type { HistoryOrder, OrderHistoryPage, OrderReceipt } from '../../contracts/order-history.ts';
import type { ReorderAnswer } from '../reorder.machine.ts';
import type { LocationResult } from '../../contracts/locations.ts';

export const historyOrder = (n: number, extra: Partial<HistoryOrder> = {}): HistoryOrder => ({
  orderId: `ord_history${String(n).padStart(6, '0')}`,
  placedAt: '2026-11-24T19:05:00.000Z',
  store: { storeNumber: '10003-100003', name: 'Harbor & Pine', timeZone: 'America/Los_Angeles' },
  pickupOption: '16',
  items: [
    { name: 'Caffè Latte', sizeName: 'Grande', quantity: 2, options: [{ name: 'Oatmilk', quantity: 1, price: 70 }, { name: 'Espresso shot', quantity: 3, price: 90 }], price: 1270, discount: 0 },
    { name: 'Nitro Cold Brew', sizeName: 'Grande', quantity: 1, options: [], price: 495, discount: 0 },
  ],
  total: 1906,
  currency: 'USD',
  payment: 'Harbor Card •••• 0207',
  starsEarned: 38,
  status: 'picked_up',
  ...extra,
});
export const historyPage = (from: number, count: number, nextCursor: string | null): OrderHistoryPage => ({
  orders: Array.from({ length: count }, (_, i) => historyOrder(from + i)),
  nextCursor,
});
export const receiptOf = (n: number, extra: Partial<OrderReceipt> = {}): OrderReceipt => ({
  ...historyOrder(n),
  subtotal: 1765,
  discount: 0,
  offers: [],
  tax: 141,
  taxIncluded: false,
  taxIncludedNote: null,
  tip: 0,
  tenders: [{ label: 'Harbor Card •••• 0207', amount: 1906 }],
  starsSpent: 0,
  ...extra,
});
const basket = (name: string, productNumber: number, sku: string) => ({
  product: { productNumber, formCode: 'hot', name, imageURL: `/images/menu/p-${productNumber}.svg`, availability: 'Available' as const },
  size: { sku, sizeCode: 'grande', name: 'Grande' },
  childItems: [{ commerce: { sku: 'opt-404' }, optionProductNumber: 404, name: 'Oatmilk', sizeCode: null, quantity: 1 }],
  quantity: 2,
});
export const storeLocation = (storeNumber: string): LocationResult =>
  ({ store: { storeNumber, name: 'Harbor & Pine' }, distance: 0, isFavorite: false, isPrevious: true, recommendationReason: 'previous' }) as unknown as LocationResult;
/** every item available at the store */
export const reorderAll = (storeNumber = '10003-100003', location: LocationResult | null = null): ReorderAnswer => ({
  storeNumber,
  items: [basket('Caffè Latte', 1001, 'sku-latte-grande'), basket('Nitro Cold Brew', 1002, 'sku-nitro-grande')],
  unavailable: [],
  location,
});
/** Nitro Cold Brew is not sold at the store */
export const reorderSome = (storeNumber = '10001-100001'): ReorderAnswer => ({
  storeNumber,
  items: [basket('Caffè Latte', 1001, 'sku-latte-grande')],
  unavailable: [{ name: 'Nitro Cold Brew', reason: 'NotAvailableHere' }],
  location: null,
});
export const reorderNone = (storeNumber = '10001-100001'): ReorderAnswer => ({
  storeNumber,
  items: [],
  unavailable: [
    { name: 'Nitro Cold Brew', reason: 'NotAvailableHere' },
    { name: 'Glazed Doughnut', reason: 'SoldOut' },
  ],
  location: null,
});
