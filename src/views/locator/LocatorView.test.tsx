import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadLocatorOverlays } from './locator-overlays.ts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { apiError, pikePlace, places, seattleResults } from '../../../machines/__tests__/locator-fixtures.ts';
import { renderLocator } from './locator-test-harness.tsx';
import { storeCardId } from './StoreCard.tsx';

// the overlays' chunk (filters, dialogs, details) as the page has it once the browser was idle (locator-overlays.ts)
beforeAll(async () => {
  await preloadLocatorOverlays();
});

vi.mock('./StoreMap.tsx', async () => ({ StoreMap: (await import('./fake-store-map.tsx')).FakeStoreMap }));

type App = ReturnType<typeof renderLocator>;
let app: App | null = null;
afterEach(() => {
  app?.stop();
  app = null;
});

async function withResults(opts: Parameters<typeof renderLocator>[0] = {}) {
  app = renderLocator({ input: { query: { place: 'Seattle' } }, ...opts });
  await screen.findByTestId('store-map');
  await act(async () => app!.fakes.resolve('fetchLocations', seattleResults));
  return app;
}
const card = (storeNumber: string) => document.getElementById(storeCardId(storeNumber))!;

describe('store list', () => {
  it('groups by FAVORITE, USUAL and NEARBY with headings, with distance, status and the selected store', async () => {
    await withResults({ locale: 'en-US' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Favorite stores', 'Previous stores', 'Nearby stores']);
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('5 stores near Seattle, WA, US');
    const pike = card('1-1001');
    expect(pike.textContent).toContain('Pike Place');
    expect(pike.textContent).toContain('101 Main St, Seattle, WA 98101');
    expect(pike.textContent).toContain('0.3 mi');
    expect(pike.textContent).toContain('Open until 9:00 PM');
    expect(pike.getAttribute('aria-current')).toBe('true');
    expect(card('2-1002').textContent).toContain('Closed');
  });

  it('shows distances in miles where roads use miles (en-GB)', async () => {
    await withResults({ locale: 'en-GB' });
    expect(card('1-1001').textContent).toContain('0.3 mi');
  });

  it('shows distances in km for metric locales, to 1 decimal', async () => {
    await withResults({ locale: 'de-DE' });
    expect(card('3-1003').textContent).toContain('4,2 km');
  });

  it('hovering a card highlights its marker; selecting moves the highlight off', async () => {
    await withResults();
    fireEvent.mouseEnter(card('3-1003'));
    expect(screen.getByTestId('marker-3-1003').getAttribute('data-state')).toBe('highlighted');
    fireEvent.click(within(card('3-1003')).getByRole('button', { pressed: false, name: /^Fremont/ }));
    expect(screen.getByTestId('marker-3-1003').getAttribute('data-state')).toBe('selected');
    expect(screen.getByTestId('marker-1-1001').getAttribute('data-state')).toBe('default');
  });

  it('tab mode: Nearby, Previous and Favorites tabs with their empty messages', async () => {
    app = renderLocator({ tabMode: true, input: { query: { place: 'Seattle' } } });
    await screen.findByTestId('store-map');
    await act(async () => app!.fakes.resolve('fetchLocations', { ...seattleResults, stores: seattleResults.stores.filter((l) => l.recommendationReason === 'NEARBY') }));
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Nearby', 'Previous', 'Favorites']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(tabs[1]!);
    expect(screen.getByRole('tabpanel').textContent).toContain("You haven't ordered from any stores yet.");
    // arrow keys move between tabs
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Previous' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Favorites' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain("You haven't added any favorite stores yet.");
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Favorites' }));
    expect(screen.getByRole('tabpanel').textContent).toContain("You haven't added any favorite stores yet.");
  });

  it('tab mode, member: empty Favorites and Previous tabs say none are in this area (theirs may be elsewhere)', async () => {
    app = renderLocator({ tabMode: true, signedIn: true, input: { query: { place: 'Seattle' } } });
    await screen.findByTestId('store-map');
    await act(async () => app!.fakes.resolve('fetchLocations', { ...seattleResults, stores: seattleResults.stores.filter((l) => l.recommendationReason === 'NEARBY') }));
    fireEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('None of your favorite stores are in this area.');
    fireEvent.click(screen.getByRole('tab', { name: 'Previous' }));
    expect(screen.getByRole('tabpanel').textContent).toBe("You haven't ordered from a store in this area yet.");
  });

  it('a queried store is centred at street level, without a 0.0 distance', async () => {
    app = renderLocator({ input: { query: { storeNumber: '1' } } });
    await screen.findByTestId('store-map');
    const atStore = { ...seattleResults.stores[0]!, distance: 0 };
    await act(async () => app!.fakes.resolve('fetchLocations', { ...seattleResults, stores: [atStore, ...seattleResults.stores.slice(1)] }));
    const map = app!.locator.getSnapshot().context.map;
    expect([map.lat, map.lng, map.zoom, map.fitBounds]).toEqual([atStore.store.coordinates.latitude, atStore.store.coordinates.longitude, 14, false]);
    expect(card('1-1001').textContent).not.toContain('0.0');
    expect(card('2-1002').textContent).toContain('1.2 mi');
  });
});

describe('place search combobox', () => {
  it('is keyboard navigable: arrows move the active option, Enter picks it', async () => {
    app = renderLocator({ delays: { searchDebounce: 3_600_000, autocompleteDebounce: 0 } });
    await screen.findByTestId('store-map');
    const box = screen.getByRole('combobox', { name: /search for a store/i });
    fireEvent.change(box, { target: { value: 'sea' } });
    await act(async () => new Promise((r) => setTimeout(r, 5)));
    await act(async () => app!.fakes.resolve('placeSuggestions', places));
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Seattle, WA, US', 'SeaTac, WA, US']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(box.closest('form')!);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('SeaTac, WA, US');
    expect(app.locator.getSnapshot().context.query).toMatchObject({ lat: 47.4435, lng: -122.2961 });
    expect(app.locator.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('Enter without a highlighted option searches the typed text; empty text is ignored', async () => {
    app = renderLocator({ delays: { searchDebounce: 0, autocompleteDebounce: 3_600_000 } });
    await screen.findByTestId('store-map');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(app.fakes.calls.fetchLocations ?? 0).toBe(0);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '98101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await act(async () => new Promise((r) => setTimeout(r, 5)));
    expect(app.fakes.calls.fetchLocations).toBe(1);
    expect(app.locator.getSnapshot().context.query.place).toBe('98101');
  });
});

describe('filters', () => {
  it('lists pickup options apart from amenities, only filterable public features, and counts the applied ones', async () => {
    await withResults();
    const button = screen.getByRole('button', { name: 'Filters' });
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Filter stores' });
    const groups = within(dialog).getAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')!.textContent)).toEqual(['Pickup options', 'Hours', 'Ordering', 'Amenities']);
    expect(within(groups[0]!).getAllByRole('checkbox').map((c) => c.parentElement!.textContent)).toEqual(['In store', 'Drive-thru', 'Curbside']);
    expect(within(groups[3]!).getAllByRole('checkbox').map((c) => c.parentElement!.textContent)).toEqual(['Wi-Fi', 'Nitro Cold Brew']);
    expect(within(dialog).queryByText('Verismo')).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Drive-thru' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Wi-Fi' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('button', { name: 'Filters, 2 applied' })).toBeTruthy();
    // Apply re-queries with the features
    expect(app!.locator.getSnapshot().context.features).toEqual(['DT', 'WF']);
    expect(app!.fakes.calls.fetchLocations).toBe(2);
    // Clear All empties the draft; cancel keeps what was applied
    fireEvent.click(screen.getByRole('button', { name: 'Filters, 2 applied' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(screen.getByRole('button', { name: 'Filters, 2 applied' })).toBeTruthy();
  });
});

describe('favorites', () => {
  it('member: the heart turns on at once (pending), and stays on when saved', async () => {
    await withResults({ signedIn: true });
    const heart = within(card('3-1003')).getByRole('button', { name: 'Add Fremont to favorites' });
    fireEvent.click(heart);
    const pending = within(card('3-1003')).getByRole('button', { name: 'Remove Fremont from favorites' });
    expect(pending.getAttribute('aria-pressed')).toBe('true');
    expect(pending.getAttribute('aria-busy')).toBe('true');
    await act(async () => app!.fakes.resolve('saveFavorite', { storeNumber: '3', isFavorite: true }));
    expect(within(card('3-1003')).getByRole('button', { name: 'Remove Fremont from favorites' }).getAttribute('aria-busy')).toBe('false');
  });

  it('member: a failed save reverts the heart and shows an error toast', async () => {
    await withResults({ signedIn: true });
    fireEvent.click(within(card('1-1001')).getByRole('button', { name: 'Remove Pike Place from favorites' }));
    expect(within(card('1-1001')).getByRole('button', { name: 'Add Pike Place to favorites' })).toBeTruthy();
    await act(async () => app!.fakes.reject('saveFavorite', apiError(500, 'UNEXPECTED_ERROR')));
    expect(within(card('1-1001')).getByRole('button', { name: 'Remove Pike Place from favorites' }).getAttribute('aria-busy')).toBe('false');
    expect(app!.favoriteFailures()).toBe(1);
  });

  it('guest: a dialog offers sign-in with the spec text and a link back to the locator', async () => {
    await withResults({ signedIn: false });
    fireEvent.click(within(card('3-1003')).getByRole('button', { name: 'Add Fremont to favorites' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to save favorites' });
    expect(dialog.textContent).toContain('You must sign in to add this store to your favorites.');
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin?returnUrl=%2Fstore-locator');
    expect(app!.fakes.calls.saveFavorite ?? 0).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('store details overlay', () => {
  it('shows address, distance, phone, schedule, pickup options, amenities, warnings and Order Here', async () => {
    await withResults({ input: { inMenu: true, query: { place: 'Seattle' } } });
    fireEvent.click(within(card('1-1001')).getByRole('button', { name: /store info/i }));
    const details = screen.getByRole('region', { name: 'Pike Place' });
    expect(document.activeElement).toBe(within(details).getByRole('heading', { name: 'Pike Place' }));
    // the list carries the card's fields; the rest is fetched (GET /stores/:storeNumber) when the overlay opens
    expect(app!.fakes.calls.fetchStoreDetails).toBe(1);
    expect(within(details).getByRole('status').textContent).toBe('Loading store details…');
    expect(within(details).queryAllByRole('row')).toHaveLength(0);
    await act(async () => app!.fakes.resolve('fetchStoreDetails', pikePlace));
    const text = details.textContent!;
    expect(text).toContain('101 Main St');
    expect(text).toContain('0.3 mi away');
    expect(within(details).getByRole('link', { name: '206-555-0101' }).getAttribute('href')).toBe('tel:2065550101');
    expect(within(details).getAllByRole('row')).toHaveLength(7);
    expect(text).toContain('Thanksgiving');
    expect(text).toContain('Drive-thru');
    expect(text).toContain('Wi-Fi');
    expect(text).toContain('Entrance on 1st Ave during construction');
    fireEvent.click(within(details).getByRole('button', { name: 'Order here' }));
    expect(app!.navigations).toEqual(['/menu']);
    expect(app!.persisted).toEqual(['1-1001']);
  });

  it('a failed details load shows the error; Try again loads it again', async () => {
    await withResults({ input: { query: { place: 'Seattle' } } });
    fireEvent.click(within(card('1-1001')).getByRole('button', { name: /store info/i }));
    await act(async () => app!.fakes.reject('fetchStoreDetails', apiError(503, 'UNEXPECTED_ERROR')));
    const details = screen.getByRole('region', { name: 'Pike Place' });
    expect(within(details).getByRole('alert').textContent).toContain("We couldn't load this store's details. Please try again.");
    fireEvent.click(within(details).getByRole('button', { name: 'Try again' }));
    expect(app!.fakes.calls.fetchStoreDetails).toBe(2);
    await act(async () => app!.fakes.resolve('fetchStoreDetails', pikePlace));
    expect(within(details).getAllByRole('row')).toHaveLength(7);
    expect(within(details).queryByRole('alert')).toBeNull();
  });

  it('in the menu, a closed store shows a toast instead of confirming; Back returns to the list', async () => {
    await withResults({ input: { inMenu: true, query: { place: 'Seattle' } } });
    fireEvent.click(within(card('2-1002')).getByRole('button', { name: /store info/i }));
    const details = screen.getByRole('region', { name: 'Capitol Hill' });
    expect(details.textContent).toContain('Mobile ordering unavailable');
    fireEvent.click(within(details).getByRole('button', { name: 'Order here' }));
    expect(app!.notices).toEqual(['unavailableStore']);
    expect(app!.navigations).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to results' }));
    expect(screen.queryByRole('region', { name: 'Capitol Hill' })).toBeNull();
    expect(card('2-1002')).toBeTruthy();
  });

  it('a NOT_READY store says so on its card and details, and never offers Order here (standalone and in the menu)', async () => {
    for (const inMenu of [false, true]) {
      await withResults({ signedIn: true, input: { inMenu, query: { place: 'Seattle' } } });
      expect(card('4-1004').textContent).toContain('Mobile ordering is not available at this store yet');
      expect(within(card('4-1004')).queryByRole('button', { name: /order here/i })).toBeNull();
      expect(within(card('1-1001')).getByRole('button', { name: 'Order here at Pike Place' })).toBeTruthy();
      fireEvent.click(within(card('4-1004')).getByRole('button', { name: /store info/i }));
      const details = screen.getByRole('region', { name: 'Ballard' });
      expect(details.textContent).toContain('Mobile ordering is not available at this store yet');
      expect(within(details).queryByRole('button', { name: 'Order here' })).toBeNull();
      app!.stop();
      app!.unmount();
      app = null;
    }
  });
});

describe('guest ordering (spec 1 section 6)', () => {
  it('a guest choosing an open READY store without guest ordering gets the account-required dialog with Sign in and Create account', async () => {
    await withResults({ signedIn: false });
    expect(card('3-1003').textContent).toContain('Account required: this store has no guest ordering');
    fireEvent.click(within(card('3-1003')).getByRole('button', { name: 'Order here at Fremont' }));
    const dialog = screen.getByRole('dialog', { name: 'Account required' });
    expect(dialog.textContent).toContain('This store needs an account to order ahead. Sign in or create an account to order here.');
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin?returnUrl=%2Fstore-locator');
    expect(within(dialog).getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/account/create?returnUrl=%2Fstore-locator');
    expect(app!.locator.getSnapshot().matches({ dialog: 'accountRequired' })).toBe(true);
    expect(app!.navigations).toEqual([]);
    expect(app!.notices).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose another store' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app!.locator.getSnapshot().matches({ dialog: 'closed' })).toBe(true);
  });

  it('a member orders from the same store without a dialog', async () => {
    await withResults({ signedIn: true });
    expect(card('3-1003').textContent).not.toContain('Account required');
    fireEvent.click(within(card('3-1003')).getByRole('button', { name: 'Order here at Fremont' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app!.navigations).toEqual(['/menu']);
  });
});

describe('layout', () => {
  it('in the menu: a top bar back to the menu and the pickup/delivery toggle when delivery is enabled', async () => {
    app = renderLocator({ input: { inMenu: true }, enableInAppDelivery: true });
    await screen.findByTestId('store-map');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a store' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Menu' }).getAttribute('href')).toBe('/menu');
    expect(screen.getByRole('radio', { name: 'Pickup' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Delivery' })).toBeTruthy();
  });

  it('standalone without delivery: no toggle', async () => {
    app = renderLocator({});
    await screen.findByTestId('store-map');
    expect(screen.getByRole('heading', { level: 1, name: 'Find a store' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Pickup' })).toBeNull();
    // phones get a List / Map switch (CSS shows it only on narrow screens): List first and checked
    const sw = screen.getByRole('group', { name: 'Show stores as' });
    expect(within(sw).getAllByRole('radio').map((r) => [r.getAttribute('value'), (r as HTMLInputElement).checked])).toEqual([
      ['list', true],
      ['map', false],
    ]);
  });
});
