/**
 * machines/locator-select.ts is not a machine: pure reads of the locator's context (spec 1 section 4 "Locator",
 * sections 5 and 6: who may order where, the selected store, marker states, where confirming goes, the URL).
 * Stores from locator-fixtures.ts (its header lists which is open, READY, with guest ordering).
 */
import { describe, expect, it } from 'vitest';
import type { LocationResult, StoreSummary } from '../../contracts/locations.ts';
import type { LocatorContext } from '../locator-types.ts';
import {
  canOrderFrom,
  chooseSelectedStore,
  confirmTarget,
  findLocation,
  guestCanOrderFrom,
  hasSearchArea,
  locatorSearchParams,
  markerState,
  orderingStatus,
  sameStore,
  takesMobileOrders,
} from '../locator-select.ts';
import { ballard, capitolHill, closedFirstResults, fremont, makeStore, nearestResult, pikePlace, queenAnne, seattleResults, summaryOf, wallingford } from './locator-fixtures.ts';

const unavailableStore = summaryOf(makeStore(7, 'Belltown', 47.615, -122.345, { mobile: { availability: 'UNAVAILABLE' } }));
const s = (store: Parameters<typeof summaryOf>[0]) => summaryOf(store);
const at = (store: StoreSummary, distance = 1): LocationResult => ({ store, distance, isFavorite: false, isPrevious: false, recommendationReason: 'NEARBY' });

describe('machines/locator-select.ts', () => {
  it.each([
    // store, canOrderFrom (open and READY), takesMobileOrders (READY), guestCanOrderFrom (and guest ordering)
    ['Pike Place (open, READY, guests)', s(pikePlace), true, true, true],
    ['Capitol Hill (closed, READY, guests)', s(capitolHill), false, true, false],
    ['Fremont (open, READY, members only)', s(fremont), true, true, false],
    ['Ballard (open, NOT_READY)', s(ballard), false, false, false],
    ['Belltown (open, UNAVAILABLE)', unavailableStore, false, false, false],
    ['Wallingford (closed, READY, members only)', s(wallingford), false, true, false],
  ])('who may order at %s (spec 1 sections 5, 6)', (_name, store, can, takes, guest) => {
    expect([canOrderFrom(store), takesMobileOrders(store), guestCanOrderFrom(store)]).toEqual([can, takes, guest]);
  });

  it.each([
    // store, inMenu, signedIn → offerOrder, status
    [s(ballard), true, true, false, 'notReady'],
    [s(ballard), false, false, false, 'notReady'],
    [unavailableStore, true, true, false, 'unavailable'],
    [unavailableStore, false, false, false, 'unavailable'],
    [s(fremont), false, false, true, 'accountRequired'],
    [s(fremont), true, false, true, 'accountRequired'],
    [s(fremont), true, true, true, null],
    [s(capitolHill), true, true, true, 'closedNow'],
    [s(capitolHill), true, false, true, 'closedNow'],
    [s(capitolHill), false, true, true, null],
    // a guest at a closed store without guest ordering is told about the account first
    [s(wallingford), true, false, true, 'accountRequired'],
    [s(wallingford), true, true, true, 'closedNow'],
    [s(pikePlace), true, false, true, null],
    [s(pikePlace), false, true, true, null],
  ] as const)('orderingStatus(%#): %o inMenu=%s signedIn=%s → offer %s, %s', (store, inMenu, signedIn, offerOrder, status) => {
    expect(orderingStatus(store, { inMenu, signedIn })).toEqual({ offerOrder, status });
  });

  it.each([
    ['1-1001', '1', true],
    ['1', '1-1001', true],
    ['12-1', '12-2', true],
    ['1-1001', '1-1001', true],
    ['1', '10', false],
    ['10-1', '1-10', false],
    [null, '1', false],
    ['1', undefined, false],
    ['', '', false],
    [null, null, false],
  ])('sameStore(%j, %j) = %s: compares the short store numbers (spec 1 section 3)', (a, b, same) => {
    expect(sameStore(a, b)).toBe(same);
  });

  it('selects the queried store, else in the menu the first orderable one, else the first result (spec 1 section 4)', () => {
    const stores = seattleResults.stores; // Pike Place, Capitol Hill, Fremont, Ballard, Queen Anne
    // the queried store wins, in its full form, even closed and in the menu
    expect(chooseSelectedStore(stores, { inMenu: true, storeNumber: '2', signedIn: true })).toBe('2-1002');
    expect(chooseSelectedStore(stores, { inMenu: false, storeNumber: '4-1004' })).toBe('4-1004');
    // a queried store that is not among the results: the usual choice
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: false, storeNumber: '99' })).toBe('2-1002');
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: true, storeNumber: '99' })).toBe('3-1003');
    // in the menu: the first open and READY store (Capitol Hill closed, Ballard NOT_READY, Fremont orderable)
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: true, storeNumber: null })).toBe('3-1003');
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: true, storeNumber: null, signedIn: true })).toBe('3-1003');
    // a guest is never preselected a store without guest ordering (Fremont): the next that has it, else the first
    expect(chooseSelectedStore([...closedFirstResults.stores, at(s(queenAnne))], { inMenu: true, storeNumber: null, signedIn: false })).toBe('5-1005');
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: true, storeNumber: null, signedIn: false })).toBe('2-1002');
    // outside the menu: the first result, orderable or not
    expect(chooseSelectedStore(closedFirstResults.stores, { inMenu: false, storeNumber: null })).toBe('2-1002');
    expect(chooseSelectedStore([], { inMenu: true, storeNumber: '1' })).toBeNull();
    expect(chooseSelectedStore([], { inMenu: false, storeNumber: null })).toBeNull();
  });

  it.each([
    [{ returnPath: '/menu/previous', toCart: true }, '/menu/previous'],
    [{ returnPath: '/menu/product/2121/hot', toCart: false }, '/menu/product/2121/hot'],
    [{ returnPath: null, toCart: true }, '/menu/cart'],
    [{ returnPath: '', toCart: true }, '/menu/cart'],
    [{ returnPath: null, toCart: false }, '/menu'],
  ])('confirmTarget(%j) = %s: the return path, else /menu/cart with toCart, else /menu (spec 1 section 2)', (opts, target) => {
    expect(confirmTarget(opts)).toBe(target);
  });

  it('finds a store among the results, else the offered nearest store, by either form of its number', () => {
    const nearest = { location: at(nearestResult.store, nearestResult.distance), searchedFrom: null, notFound: false, searched: true };
    const ctx: Pick<LocatorContext, 'locations' | 'nearest'> = { locations: seattleResults.stores, nearest };
    expect(findLocation(ctx, '3')?.store.name).toBe('Fremont');
    expect(findLocation(ctx, '3-1003')?.store.name).toBe('Fremont');
    expect(findLocation({ locations: [], nearest }, '5')?.store.name).toBe('Queen Anne');
    expect(findLocation({ locations: [], nearest }, '6')).toBeUndefined();
    expect(findLocation({ locations: seattleResults.stores, nearest: { ...nearest, location: null } }, '6')).toBeUndefined();
  });

  it.each([
    ['1', null, null, 'default'],
    ['1', '1-1001', null, 'selected'],
    ['1-1001', '1', '1', 'selected'],
    ['3-1003', '1-1001', '3', 'highlighted'],
    ['5-1005', '1-1001', '3-1003', 'default'],
  ])('markerState of %s with selected %j and highlighted %j is %s (spec 1 section 4)', (store, selected, highlighted, state) => {
    expect(markerState({ selectedStoreNumber: selected, highlightedStoreNumber: highlighted }, store)).toBe(state);
  });

  it.each([
    [{ place: 'Seattle', lat: null, lng: null, storeNumber: null }, true],
    [{ place: '', lat: null, lng: null, storeNumber: null }, false],
    [{ place: null, lat: 47.6, lng: -122.3, storeNumber: null }, true],
    [{ place: null, lat: 0, lng: 0, storeNumber: null }, true],
    [{ place: null, lat: 47.6, lng: null, storeNumber: null }, false],
    [{ place: null, lat: null, lng: -122.3, storeNumber: null }, false],
    [{ place: null, lat: null, lng: null, storeNumber: '1-1001' }, true],
    [{ place: null, lat: null, lng: null, storeNumber: '' }, false],
    [{ place: null, lat: null, lng: null, storeNumber: null }, false],
  ])('hasSearchArea(%j) = %s', (query, has) => {
    expect(hasSearchArea(query)).toBe(has);
  });

  it('writes the query back as URL search params (coordinates to 5 decimals, features comma-joined)', () => {
    expect(locatorSearchParams({ query: { place: 'Seattle', lat: null, lng: null, storeNumber: null }, features: [] })).toEqual({
      place: 'Seattle',
      lat: undefined,
      lng: undefined,
      storeNumber: undefined,
      features: undefined,
    });
    expect(locatorSearchParams({ query: { place: null, lat: 47.6062095, lng: -122.3320708, storeNumber: '1-1001' }, features: ['DT', 'WF'] })).toEqual({
      place: undefined,
      lat: '47.60621',
      lng: '-122.33207',
      storeNumber: '1-1001',
      features: 'DT,WF',
    });
    // one coordinate alone is no position
    expect(locatorSearchParams({ query: { place: null, lat: 47.6, lng: null, storeNumber: null }, features: ['CX'] })).toEqual({
      place: undefined,
      lat: undefined,
      lng: undefined,
      storeNumber: undefined,
      features: 'CX',
    });
  });
});
