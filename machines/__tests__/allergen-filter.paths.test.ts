import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allergenFilterMachine } from '../allergen-filter.machine.ts';
import { addedAllergens, hiddenBy, itemAllergens, parseStoredFilter, toggleCode } from '../allergen-rules.ts';
import { allergenList } from '../../contracts/allergens.ts';
import { describeFlow } from './flow.ts';
import { allergenFilterFlow } from './allergen-filter.expect.ts';

describeFlow(allergenFilterFlow);

describe('allergen-filter machine', () => {
  it('starts with the remembered codes, unknown ones dropped; closing the dialog keeps the filter', () => {
    const a = createActor(allergenFilterMachine, { input: { stored: ['soy', 'gluten' as never] } }).start();
    expect(a.getSnapshot().context.selected).toEqual(['soy']);
    a.send({ type: 'user.open' });
    a.send({ type: 'user.toggle', code: 'milk' });
    a.send({ type: 'user.close' });
    expect(a.getSnapshot().context.selected).toEqual(['soy']);
    a.send({ type: 'user.open' });
    expect(a.getSnapshot().context.draft).toEqual(['soy']);
    a.stop();
  });
});

describe('allergen-rules', () => {
  const options = [
    { optionProductNumber: 401, allergens: ['milk'] },
    { optionProductNumber: 405, allergens: ['tree_nuts'] },
    { optionProductNumber: 311, allergens: ['soy'] },
  ];
  it('an item = base ∪ options with a quantity above 0, in display order', () => {
    expect(itemAllergens([], options, { '401': 1 })).toEqual(['milk']);
    expect(itemAllergens([], options, { '405': 1 })).toEqual(['tree_nuts']);
    expect(itemAllergens(['wheat'], options, { '311': 4, '401': 1, '405': 0 })).toEqual(['milk', 'soy', 'wheat']);
    expect(itemAllergens([], options, {})).toEqual([]);
  });
  it('a 2% → almondmilk swap adds tree nuts; 2% → oatmilk adds none', () => {
    expect(addedAllergens(['milk'], ['tree_nuts'])).toEqual(['tree_nuts']);
    expect(addedAllergens(['milk'], [])).toEqual([]);
    expect(addedAllergens(['milk', 'soy'], ['soy', 'milk'])).toEqual([]);
  });
  it('a tile is hidden by the filter codes it contains', () => {
    expect(hiddenBy(['milk', 'soy'], ['soy', 'egg'])).toEqual(['soy']);
    expect(hiddenBy(['milk'], [])).toEqual([]);
    expect(hiddenBy([], ['milk'])).toEqual([]);
  });
  it('the stored filter: JSON array of known codes, anything else is none', () => {
    expect(parseStoredFilter('["tree_nuts","milk","nope",3]')).toEqual(['milk', 'tree_nuts']);
    expect(parseStoredFilter('{"milk":true}')).toEqual([]);
    expect(parseStoredFilter('not json')).toEqual([]);
    expect(parseStoredFilter(null)).toEqual([]);
  });
  it('toggles a code in display order; lists names for the texts', () => {
    expect(toggleCode(['soy'], 'milk')).toEqual(['milk', 'soy']);
    expect(toggleCode(['milk', 'soy'], 'milk')).toEqual(['soy']);
    expect(allergenList(['tree_nuts'])).toBe('Tree nuts');
    expect(allergenList(['milk', 'wheat', 'tree_nuts'])).toBe('Milk, Wheat (gluten) and Tree nuts');
  });
});
