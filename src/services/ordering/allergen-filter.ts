/**
 * The menu's allergen filter remembered per browser (issue 29; docs/order-status.md 2.7): localStorage
 * `ALLERGEN_FILTER_KEY` holds a JSON array of allergen codes. Read with valibot (an array; each element kept only when
 * it is one of the nine codes, in display order); an unreadable or blocked storage is no filter. Written by the
 * allergenFilter machine's `persist` on Apply and 'Show all'.
 */
import * as v from 'valibot';
import { ALLERGEN_FILTER_KEY, AllergenCode, sortAllergens, type AllergenCode as Code } from '../../../contracts/allergens.ts';

const StoredFilter = v.array(v.unknown());

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readAllergenFilter(s: Pick<Storage, 'getItem'> | null = storage()): Code[] {
  try {
    const raw = s?.getItem(ALLERGEN_FILTER_KEY);
    if (!raw) return [];
    const r = v.safeParse(StoredFilter, JSON.parse(raw));
    return r.success ? sortAllergens(r.output.filter((x): x is Code => v.is(AllergenCode, x))) : [];
  } catch {
    return [];
  }
}

export function writeAllergenFilter(codes: readonly Code[], s: Pick<Storage, 'setItem' | 'removeItem'> | null = storage()) {
  try {
    if (codes.length) s?.setItem(ALLERGEN_FILTER_KEY, JSON.stringify(codes));
    else s?.removeItem(ALLERGEN_FILTER_KEY);
  } catch {
    // blocked storage: the filter lasts for this visit
  }
}
