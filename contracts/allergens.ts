import * as v from 'valibot';

/**
 * The nine allergens of issue 29 (docs/order-status.md section 0, 3.9): codes in the database (menu_options.allergens,
 * menu_sizes.base_allergens, migration 083), in the API (ProductTile.allergens, Size.allergenCodes / baseAllergens,
 * Option.allergens) and in the browser's filter (ALLERGEN_FILTER_KEY); names for display. The order is the display
 * order. A size's display list (`ProductSize.allergens`, display names) may hold names outside the nine ('Oats').
 */
export const ALLERGENS = ['milk', 'egg', 'soy', 'wheat', 'tree_nuts', 'peanuts', 'sesame', 'fish', 'shellfish'] as const;
export const AllergenCode = v.picklist(ALLERGENS);
export type AllergenCode = (typeof ALLERGENS)[number];

export const ALLERGEN_NAMES: Record<AllergenCode, string> = {
  milk: 'Milk',
  egg: 'Egg',
  soy: 'Soy',
  wheat: 'Wheat (gluten)',
  tree_nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  fish: 'Fish',
  shellfish: 'Shellfish',
};

/** the seeded menu's display names (menu-data.ts) → codes; a name outside the nine ('Oats') maps to none */
const BY_DISPLAY: Record<string, AllergenCode> = { Milk: 'milk', Egg: 'egg', Soy: 'soy', Wheat: 'wheat', 'Tree Nuts': 'tree_nuts', Peanuts: 'peanuts', Sesame: 'sesame', Fish: 'fish', Shellfish: 'shellfish' };
export const codeOfDisplayName = (name: string): AllergenCode | null => BY_DISPLAY[name] ?? null;

export const isAllergenCode = (x: unknown): x is AllergenCode => typeof x === 'string' && (ALLERGENS as readonly string[]).includes(x);
/** codes in display order, without repeats and unknown values */
export const sortAllergens = (codes: Iterable<string>): AllergenCode[] => {
  const set = new Set(codes);
  return ALLERGENS.filter((c) => set.has(c));
};

/** localStorage key of the menu's allergen filter (a JSON array of codes), remembered per browser */
export const ALLERGEN_FILTER_KEY = 'harbor.allergenFilter.v1';

/** the texts of the allergen filter, the product page and the customisation warning (docs/order-status.md section 1) */
export const AllergenMessages = {
  filterButton: 'Allergens',
  filterButtonCount: 'Allergens ({n})',
  filterHeading: 'Hide items containing',
  apply: 'Apply',
  clearAll: 'Clear all',
  hiddenNotice: '{n} items hidden by your allergen filter.',
  hiddenNoticeOne: '1 item hidden by your allergen filter.',
  showAll: 'Show all',
  bySize: 'Allergens by size',
  guidance: 'Allergen information is for guidance. Drinks and food are prepared in shared spaces.',
  noneListed: 'None of the nine listed',
  inFilter: 'Contains {list} (in your allergen filter).',
  warningHeading: 'This changes the allergens',
  warningAdds: 'Your changes add {list}.',
  warningFiltered: ' Your allergen filter hides items with {list}.',
  addAnyway: 'Add to order anyway',
  goBack: 'Go back',
} as const;
export type AllergenMessageKey = keyof typeof AllergenMessages;

/** 'Milk, Tree nuts and Soy' */
export function allergenList(codes: readonly AllergenCode[]): string {
  const names = codes.map((c) => ALLERGEN_NAMES[c]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
