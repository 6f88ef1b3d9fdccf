// Apart from ordering-rules.ts (which re-exports it): the product and menu pages need only this of ordering's rules
// (docs/architecture.md#performance).

/**
 * The favorites key (spec 3 item key: product id, size code, sorted options): productNumber/formCode|sizeCode|
 * optionSku×qty sorted. The form is part of it: a hot and an iced grande latte are two favorites.
 */
export function itemKey(productNumber: number, formCode: string, sizeCode: string, childItems: ReadonlyArray<{ commerce: { sku: string }; quantity: number }>): string {
  const opts = childItems.filter((c) => c.quantity > 0).map((c) => `${c.commerce.sku}x${c.quantity}`).sort();
  return [`${productNumber}/${formCode}`, sizeCode, ...opts].join('|');
}
