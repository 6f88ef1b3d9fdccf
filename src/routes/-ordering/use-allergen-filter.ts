import { useActorRef } from '@xstate/react';
import { allergenFilterMachine } from '../../../machines/allergen-filter.machine.ts';
import { readAllergenFilter, writeAllergenFilter } from '../../services/ordering/allergen-filter.ts';

/** the menu's allergen filter, started from this browser's remembered codes and writing them on Apply / Show all */
export function useAllergenFilter() {
  return useActorRef(allergenFilterMachine.provide({ actions: { persist: ({ context }) => writeAllergenFilter(context.selected) } }), { input: { stored: readAllergenFilter() } });
}
