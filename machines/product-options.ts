/**
 * Pure helpers of the product page (spec 1 section 3 "Product detail", section 5): the default option quantities of
 * a size, option limits (maxQuantity per option, maximumModifierAmount over all options), single-choice groups, the
 * displayed price and the cart draft.
 */
import type { FavoriteItemInput, OptionProduct, ProductDetail, ProductSize } from '../contracts/ordering.ts';
import { itemKey as favoriteKey } from '../contracts/ordering-item-key.ts';
import { isValidDraft, type CartItemDraft, type CartOption } from './ordering-types.ts';

export type OptionQuantities = Record<string, number>;

/** every option product with whether its group takes a single choice */
export function allOptions(p: ProductDetail): Array<{ option: OptionProduct; single: boolean; group: string }> {
  return p.productOptions.flatMap((c) => [
    ...c.products.map((option) => ({ option, single: c.selection === 'single', group: c.id })),
    ...c.children.flatMap((ch) => ch.products.map((option) => ({ option, single: ch.selection === 'single', group: `${c.id}/${ch.id}` }))),
  ]);
}

export const defaultSize = (p: ProductDetail): ProductSize | null => p.sizes.find((s) => s.isDefault) ?? p.sizes[0] ?? null;

/** the option quantities a size comes with */
export function defaultQuantities(p: ProductDetail, sizeCode: string | null): OptionQuantities {
  const out: OptionQuantities = {};
  for (const { option } of allOptions(p)) {
    const q = sizeCode ? (option.defaultQuantity[sizeCode] ?? 0) : 0;
    if (q > 0) out[String(option.optionProductNumber)] = q;
  }
  return out;
}

export const modifierCount = (q: OptionQuantities) => Object.values(q).reduce((n, x) => n + x, 0);

/** the quantities after setting one option; null when a limit forbids it */
export function withOption(p: ProductDetail, q: OptionQuantities, optionProductNumber: number, quantity: number, maximumModifierAmount: number): OptionQuantities | null {
  const entry = allOptions(p).find((o) => o.option.optionProductNumber === optionProductNumber);
  if (!entry || !Number.isInteger(quantity) || quantity < 0 || quantity > entry.option.maxQuantity) return null;
  const next: OptionQuantities = { ...q };
  if (entry.single && quantity > 0) for (const o of allOptions(p)) if (o.group === entry.group) delete next[String(o.option.optionProductNumber)];
  if (quantity > 0) next[String(optionProductNumber)] = quantity;
  else delete next[String(optionProductNumber)];
  return modifierCount(next) > maximumModifierAmount ? null : next;
}

/** price of one item as chosen (minor units): the size's price plus each option unit above its default; null without prices */
export function unitPrice(p: ProductDetail, sizeCode: string | null, q: OptionQuantities): number | null {
  const size = p.sizes.find((s) => s.sizeCode === sizeCode);
  if (!size || size.price === null) return null;
  let total = size.price;
  for (const { option } of allOptions(p)) {
    const extra = (q[String(option.optionProductNumber)] ?? 0) - (option.defaultQuantity[size.sizeCode] ?? 0);
    if (extra > 0) total += extra * option.unitPrice;
  }
  return total;
}

/** the cart draft of the current choices (product and size may be missing: the cart then refuses it) */
export function draftOf(p: ProductDetail | null, sizeCode: string | null, q: OptionQuantities, quantity: number): CartItemDraft {
  const size = p?.sizes.find((s) => s.sizeCode === sizeCode) ?? null;
  const options: CartOption[] = p
    ? allOptions(p)
        .filter(({ option }) => (q[String(option.optionProductNumber)] ?? 0) > 0)
        .map(({ option }) => ({
          optionProductNumber: option.optionProductNumber,
          sku: option.sizes.find((s) => s.sizeCode === option.defaultSizeCode)?.sku ?? option.sku,
          quantity: q[String(option.optionProductNumber)]!,
          ...(option.defaultSizeCode ? { sizeCode: option.defaultSizeCode } : {}),
          name: option.name,
        }))
    : [];
  const price = p ? unitPrice(p, sizeCode, q) : null;
  return {
    product: p ? { productNumber: p.productNumber, formCode: p.formCode, name: p.name } : null,
    size: size ? { sku: size.sku, sizeCode: size.sizeCode, name: size.name } : null,
    selectedOptions: options,
    quantity,
    productImage: p?.imageURL ?? '',
    ...(price !== null ? { unitPrice: price } : {}),
  };
}

/**
 * The favorite of the current choices (GraphQL add-favorite-product `item`) and its favorites key (contract
 * `itemKey`: the one the server answers as `FavoriteProduct.itemKey`, so "already a favorite" is decided without a call).
 */
export function favoriteOf(d: CartItemDraft): { item: FavoriteItemInput; key: string } | null {
  if (!isValidDraft(d)) return null;
  const childItems = d.selectedOptions.filter((o) => o.quantity > 0).map((o) => ({ commerce: { sku: o.sku }, quantity: o.quantity }));
  return { item: { commerce: { sku: d.size.sku }, quantity: 1, childItems }, key: favoriteKey(d.product.productNumber, d.product.formCode, d.size.sizeCode, childItems) };
}
