/**
 * Allergen maths (docs/order-status.md 2, 3.9), pure and shared by the server (server/ordering/allergens.ts: tiles
 * and sizes) and the client (menu filter, product page, customisation warning). An item's allergens are its size's
 * base allergens (the size without options) and those of every option it has with a quantity above 0.
 */
import { isAllergenCode, sortAllergens, type AllergenCode } from '../contracts/allergens.ts';

export interface AllergenOption {
  optionProductNumber: number;
  allergens: readonly string[];
}

/** base ∪ allergens of the options whose quantity (by option product number) is above 0; codes in display order */
export function itemAllergens(base: readonly string[], options: readonly AllergenOption[], quantities: Readonly<Record<string, number>>): AllergenCode[] {
  const out = new Set<string>(base);
  for (const o of options) if ((quantities[String(o.optionProductNumber)] ?? 0) > 0) for (const a of o.allergens) out.add(a);
  return sortAllergens(out);
}

/** what `after` has that `before` has not (a swap that only removes allergens adds none) */
export function addedAllergens(before: readonly string[], after: readonly string[]): AllergenCode[] {
  const had = new Set(before);
  return sortAllergens(after.filter((a) => !had.has(a)));
}

/** the filter's codes an item contains: the menu hides a tile when this is not empty */
export function hiddenBy(tileAllergens: readonly string[], filter: readonly string[]): AllergenCode[] {
  const f = new Set(filter);
  return sortAllergens(tileAllergens.filter((a) => f.has(a)));
}

/** a stored filter (localStorage, any JSON) as codes: anything unknown is dropped */
export function parseStoredFilter(raw: string | null): AllergenCode[] {
  if (!raw) return [];
  try {
    const x: unknown = JSON.parse(raw);
    return Array.isArray(x) ? sortAllergens(x.filter(isAllergenCode)) : [];
  } catch {
    return [];
  }
}

/** the draft with `code` added, or removed when it is there */
export function toggleCode(list: readonly AllergenCode[], code: AllergenCode): AllergenCode[] {
  return list.includes(code) ? list.filter((c) => c !== code) : sortAllergens([...list, code]);
}

/** what the customisation warning needs of a product: the size's base codes and each option's codes */
export interface AllergenProduct {
  sizes: ReadonlyArray<{ sizeCode: string; baseAllergens: readonly string[] }>;
  productOptions: ReadonlyArray<{ products: readonly AllergenOption[]; children: ReadonlyArray<{ products: readonly AllergenOption[] }> }>;
}
/** an item of the product as chosen: the size's base codes ∪ the chosen options' */
export function chosenAllergens(p: AllergenProduct, sizeCode: string | null, quantities: Readonly<Record<string, number>>): AllergenCode[] {
  const base = p.sizes.find((s) => s.sizeCode === sizeCode)?.baseAllergens ?? [];
  const options = p.productOptions.flatMap((c) => [...c.products, ...c.children.flatMap((ch) => ch.products)]);
  return itemAllergens(base, options, quantities);
}
