/**
 * Client-side ordering shapes (spec 1 section 3: cart, product detail, menu tiles). Pure types and pure helpers
 * shared by the ordering machines; the server's wire shapes live in contracts/ordering.ts and are mapped to these in
 * src/services/ordering.*.ts.
 */

import type { AnsweredChildItem, Availability, BasketItem, FavoriteProduct } from '../contracts/ordering.ts';

export type { Availability };

export interface CartProduct {
  productNumber: number;
  formCode: string;
  name: string;
}
export interface CartSize {
  sku: string;
  sizeCode: string;
  name?: string;
}
/** a chosen option (child item): option product number, quantity, its size code when it has one */
export interface CartOption {
  optionProductNumber: number;
  /** the option's sku (of its size when it has sizes): what pricing sends as childItems[].commerce.sku */
  sku: string;
  quantity: number;
  sizeCode?: string;
  name?: string;
}
export interface CartItemDraft {
  product: CartProduct | null;
  size: CartSize | null;
  selectedOptions: CartOption[];
  quantity: number;
  productImage?: string;
  /** price of one, minor units, as last shown (display only: pricing is the server's) */
  unitPrice?: number;
}
export interface CartItem {
  key: string;
  product: CartProduct;
  size: CartSize;
  selectedOptions: CartOption[];
  quantity: number;
  timeAdded: number;
  productImage: string;
  availability: Availability;
  unitPrice?: number;
}

/**
 * The item key (spec 1 section 3): product id, size code and the options sorted, each with its quantity and the
 * initial of its size. The same drink customised the same way always has the same key, whatever order the options
 * were picked in.
 */
export function itemKey(item: { product: Pick<CartProduct, 'productNumber' | 'formCode'>; size: Pick<CartSize, 'sizeCode'>; selectedOptions: readonly CartOption[] }): string {
  const options = item.selectedOptions
    .filter((o) => o.quantity > 0)
    .map((o) => `${o.optionProductNumber}x${o.quantity}${o.sizeCode ? o.sizeCode.charAt(0).toLowerCase() : ''}`)
    .sort();
  return [`${item.product.productNumber}/${item.product.formCode}`, item.size.sizeCode, ...options].join('|');
}

/** Number of items in the cart (quantities summed). */
export const cartCount = (items: readonly Pick<CartItem, 'quantity'>[]) => items.reduce((n, i) => n + i.quantity, 0);

/** Validation of spec 1 section 5: a product, a size code and a quantity of at least 1. */
export function isValidDraft(d: CartItemDraft | null | undefined): d is CartItemDraft & { product: CartProduct; size: CartSize } {
  return !!d && !!d.product && d.product.productNumber > 0 && !!d.size?.sizeCode && Number.isInteger(d.quantity) && d.quantity >= 1;
}

/**
 * The cart options of an item the server answers (a favorite's or a previous order's child items): option number,
 * sku, quantity, level and name, so the cart item has the same key as the same drink added from the product page.
 */
export function optionsOf(childItems: readonly AnsweredChildItem[]): CartOption[] {
  return childItems.map((c) => ({ optionProductNumber: c.optionProductNumber, sku: c.commerce.sku, quantity: c.quantity, ...(c.sizeCode ? { sizeCode: c.sizeCode } : {}), name: c.name }));
}

/** the cart draft of a favorite ("Add to bag" on /menu/favorites): its size and options, at the size's store price */
export function favoriteDraft(f: FavoriteProduct): CartItemDraft {
  const size = f.product.sizes.find((z) => z.sizeCode === f.item.sizeCode);
  return {
    product: { productNumber: f.product.productNumber, formCode: f.product.formCode, name: f.product.name },
    size: size ? { sku: size.sku, sizeCode: size.sizeCode, name: size.name } : null,
    selectedOptions: optionsOf(f.item.childItems),
    quantity: 1,
    productImage: f.product.imageURL,
    ...(size?.price != null ? { unitPrice: size.price } : {}),
  };
}

/** the cart draft of a previous order's item (Reorder on /menu/previous); null for an item without a product */
export function basketDraft(i: BasketItem): CartItemDraft | null {
  if (i.product.productNumber === null) return null;
  return {
    product: { productNumber: i.product.productNumber, formCode: i.product.formCode, name: i.product.name },
    size: { sku: i.size.sku, sizeCode: i.size.sizeCode, name: i.size.name },
    selectedOptions: optionsOf(i.childItems),
    quantity: i.quantity,
    productImage: i.product.imageURL,
  };
}
