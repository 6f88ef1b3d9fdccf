/**
 * Store locator end to end (spec 1 sections 2, 4, 5, 6, 8 "Locator", 9) in Chromium against the built app
 * and the real server with its seeded database: search with autocomplete and Enter, the map markers and the
 * list, filters, store details and choosing a store, favourites as a guest and as a member, the empty
 * states, geolocation, the 5xx error and the in-menu locator.
 *
 * Stores used are the hand-placed Seattle stores of server/db/seed/seattle.ts (fixed numbers and names).
 * Open/closed depends on the real time of day (the e2e server does not pin FAKE_NOW), so nothing here
 * depends on it except where the assertion reads the status the page shows.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiPost, DEMO, expect, test, uniqueEmail, apiCreateAccount } from './fixtures.ts';
import { shot, withoutMap } from './locator.helpers.ts';
import { axeViolations } from './a11y.helpers.ts';

test.describe.configure({ mode: 'parallel' });

const SEATTLE = { latitude: 47.609722, longitude: -122.342145 }; // 1st & Pike
const STORE = {
  firstAndPike: { number: '10001-10101', name: '1st & Pike' },
  driveThru: { number: '10002-10102', name: 'Denny Way & Westlake Drive-Thru' },
  allDay: { number: '10003-10103', name: '3rd & Pine 24 Hours' },
  notReady: { number: '10004-10104', name: 'Westlake Center' },
  noGuestOrdering: { number: '10005-10105', name: '5th Ave & Union' },
  curbside: { number: '10006-10106', name: 'SoDo 1st Ave S' },
} as const;
const MEMBER_PASSWORD = 'Locator-E2E-Pass-2026';

// ---------------------------------------------------------------------------------------------------------
// page helpers

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search for a store by city, state or ZIP code' });
const panel = (page: Page) => page.getByRole('region', { name: 'Stores' });
const map = (page: Page) => page.getByRole('region', { name: 'Map' });
const summary = (page: Page) => panel(page).getByRole('status').filter({ hasText: /\d+ stores? / });
/** the store cards in the list ('Order here' only where the store takes mobile orders) */
const cards = (page: Page) => panel(page).locator('li.store-card:not(.store-card--skeleton)');
const card = (page: Page, name: string, scope: Locator = panel(page)) =>
  scope.locator('li.store-card').filter({ has: page.locator('.store-card-name').getByText(name, { exact: true }) });
const marker = (page: Page, name: string) => map(page).getByRole('button', { name, exact: true });
const filterButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });
const toast = (page: Page) => page.getByTestId('toast');

/** Waits for the map library to load and draw (software WebGL on a busy machine can take well over 10 s). */
async function expectMapReady(page: Page) {
  test.slow(); // a test that waits for the map gets three times the timeout
  await expect(page.getByTestId('store-map')).toHaveClass(/store-map--ready/, { timeout: 60_000 });
}

/** Zooms the map in (its Zoom in button, as a user would) until a pin of every named store is drawn. */
async function zoomInUntil(page: Page, names: string[]) {
  for (let i = 0; i < 6; i++) {
    const drawn = await Promise.all(names.map((n) => marker(page, n).count()));
    if (drawn.every((c) => c > 0)) break;
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
    await page.waitForTimeout(600);
  }
  for (const n of names) await expect(marker(page, n)).toBeAttached();
}

/** The zoom the map's camera settled at (StoreMap writes it on its canvas host after every move), once stable. */
async function settledZoom(page: Page): Promise<number> {
  const read = async () => Number(await page.locator('.store-map-canvas').getAttribute('data-zoom'));
  let last = NaN;
  await expect
    .poll(
      async () => {
        const z = await read();
        const still = Number.isFinite(z) && z === last;
        last = z;
        return still;
      },
      { message: 'the map stops moving', intervals: [400], timeout: 30_000 },
    )
    .toBe(true);
  return last;
}

/** Waits for a Seattle result list (the place search resolves to "Seattle, WA, US"). */
async function expectSeattleResults(page: Page) {
  await expect(summary(page)).toHaveText(/^\d+ stores near Seattle, WA, US$/);
  await expect(cards(page).first()).toBeVisible();
}

async function storeCount(page: Page): Promise<number> {
  const text = (await summary(page).textContent()) ?? '';
  return Number(/^(\d+)/.exec(text)?.[1] ?? NaN);
}

/** A new member created over the API (its own request context, so the page stays a guest). */
async function createMember(request: APIRequestContext) {
  const email = uniqueEmail('locator');
  const res = await apiCreateAccount(request, { firstName: 'Lou', lastName: 'Cater', emailAddress: email, password: MEMBER_PASSWORD, termsAndConditions: true });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { email, password: MEMBER_PASSWORD };
}

/** Fills the sign-in form the page is on (labels "* Username or email address" and "* Password"). */
async function submitSignInForm(page: Page, email: string, password: string) {
  await page.getByLabel(/username or email/i).fill(email);
  await page.getByLabel(/^\W*password$/i).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

function favoriteButton(scope: Locator, name: string) {
  return scope.getByRole('button', { name: new RegExp(`^(Add ${escape(name)} to|Remove ${escape(name)} from) favorites$`) });
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------------------------

test.describe('search', () => {
  test('a new user searches Seattle with the autocomplete, sees stores on the map and in the list', async ({ page, consoleErrors }) => {
    await page.goto('/store-locator');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    // nothing asked yet
    await expect(panel(page).getByRole('heading', { name: 'Find a store near you' })).toBeVisible();

    const input = searchBox(page);
    await input.pressSequentially('Seattl');
    const option = page.getByRole('listbox', { name: 'Places' }).getByRole('option', { name: /^Seattle, WA, US/ });
    await expect(option).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await option.click();

    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveValue('Seattle, WA, US');
    await expectSeattleResults(page);
    // a chosen place searches by its coordinates, kept in the address bar
    await expect(page).toHaveURL(/[?&]lat=47\.60621&lng=-122\.33207/);
    const count = await storeCount(page);
    expect(count).toBeGreaterThan(8);
    expect(count).toBeLessThanOrEqual(50);
    await expect(cards(page)).toHaveCount(count);
    await expect(panel(page).getByRole('heading', { name: 'Nearby stores' })).toBeVisible();

    // the hand-placed downtown stores are listed and drawn on the (WebGL) map: pins closer than a tap target are one
    // cluster ("N stores, zoom in to see them"); zoomed in, each is a button named after the store
    await expectMapReady(page);
    await expect(map(page).locator('.store-cluster').first()).toHaveAttribute('aria-label', /^\d+ stores, zoom in to see them$/);
    // the offline map names the towns (HTML labels, hidden from screen readers)
    await expect(page.locator('.map-place-label', { hasText: /^Seattle$/ })).toBeVisible();
    await expect(page.locator('.map-place-label', { hasText: /^Seattle$/ })).toHaveAttribute('aria-hidden', 'true');
    for (const s of [STORE.firstAndPike, STORE.allDay, STORE.notReady]) await expect(card(page, s.name)).toBeVisible();
    // the first result is selected, in the list and on the map
    const firstName = (await cards(page).first().locator('.store-card-name').textContent())!;
    await expect(cards(page).first()).toHaveAttribute('aria-current', 'true');
    await expect(map(page).locator('button[aria-pressed="true"]')).toHaveAttribute('aria-label', firstName);
    await shot(page, 'seattle-autocomplete');
    await zoomInUntil(page, [STORE.firstAndPike, STORE.allDay, STORE.notReady, STORE.curbside].map((s) => s.name));

    // a marker chosen from the map (keyboard) selects its card in the list
    await marker(page, STORE.curbside.name).focus();
    await page.keyboard.press('Enter');
    await expect(card(page, STORE.curbside.name)).toHaveAttribute('aria-current', 'true');
    await expect(marker(page, STORE.curbside.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page).first()).not.toHaveAttribute('aria-current', 'true');
    await expect(card(page, STORE.curbside.name)).toBeInViewport();
    // the drawn map, its pins (one selected, larger) and clusters: zero axe violations, target-size (WCAG 2.5.8) included
    expect(await axeViolations(page, '[data-testid="store-map"]')).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('on a phone the Map switch shows the map: pins and clusters pass axe (target size), no horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    await page.getByRole('radio', { name: 'Map' }).check();
    await expectMapReady(page);
    await expect(page.getByTestId('store-map')).toBeVisible();
    await expect(page.getByTestId('store-map').locator('.store-cluster, .store-marker').first()).toBeVisible();
    expect(await axeViolations(page, '[data-testid="store-map"]')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, 'phone-map');
  });

  test('Enter searches the typed text; arrow keys pick a suggestion; empty text is ignored', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/store-locator');
    const input = searchBox(page);

    // empty text: nothing happens
    await input.press('Enter');
    await expect(panel(page).getByRole('heading', { name: 'Find a store near you' })).toBeVisible();
    await expect(page).not.toHaveURL(/place=/);

    await input.fill('Seattle');
    await input.press('Enter');
    await expectSeattleResults(page);
    // without WebGL the map says so and the list works on
    await expect(map(page).getByRole('note')).toContainText('Map unavailable');
    await expect(page).toHaveURL(/[?&]place=Seattle(&|$)/);
    await expect(input).toHaveAttribute('aria-expanded', 'false');

    // keyboard: ArrowDown highlights the first suggestion, Enter chooses it
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(input).toHaveValue('');
    await input.pressSequentially('seatt');
    await expect(page.getByRole('option', { name: /^Seattle, WA, US/ })).toBeVisible();
    await input.press('ArrowDown');
    await expect(page.getByRole('option', { name: /^Seattle, WA, US/ })).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
    await input.press('Enter');
    await expect(input).toHaveValue('Seattle, WA, US');
    await expect(page).toHaveURL(/[?&]lat=47\.60621&lng=-122\.33207/);
    await expect(page).not.toHaveURL(/place=/);
    await expectSeattleResults(page);

    // Escape closes the suggestions without searching
    await input.fill('');
    await input.pressSequentially('Seat');
    await expect(page.getByRole('option', { name: /^Seattle, WA, US/ })).toBeVisible();
    await input.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Places' })).toBeHidden();
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  test('a signed-in regular customer sees favorite and previous stores grouped first', async ({ page }) => {
    await withoutMap(page);
    // read-only use of the seeded demo account (3 favorites, 3 previous stores downtown)
    const res = await apiPost(page.request, '/account/signin', { username: DEMO.regular.email, password: DEMO.regular.password });
    expect(res.status).toBe(200);
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    const groups = panel(page).getByRole('heading', { level: 2 });
    await expect(groups).toHaveText(['Favorite stores', 'Previous stores', 'Nearby stores']);
    const favorites = panel(page).getByRole('region', { name: 'Favorite stores' });
    const previous = panel(page).getByRole('region', { name: 'Previous stores' });
    for (const s of [STORE.firstAndPike, STORE.driveThru, STORE.curbside]) {
      await expect(favorites.getByRole('button', { name: `Remove ${s.name} from favorites` })).toHaveAttribute('aria-pressed', 'true');
    }
    for (const name of [STORE.allDay.name, STORE.noGuestOrdering.name, 'Broadway & Pine']) await expect(card(page, name, previous)).toBeVisible();
    await expect(card(page, STORE.allDay.name, favorites)).toHaveCount(0);
  });
});

test.describe('filters', () => {
  test('drive-thru filter: the button counts it, every listed store has drive-thru, Clear all removes it', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    const unfiltered = await storeCount(page);
    await expect(filterButton(page)).toHaveAccessibleName('Filters');

    await filterButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Filter stores' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Pickup options' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Amenities' })).toBeVisible();
    // internal codes are not offered
    await expect(dialog.getByRole('checkbox', { name: /internal/i })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Clear all' })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Drive-thru' }).check();
    await shot(page, 'filter-overlay');
    const filtered = page.waitForResponse((r) => r.url().includes('/apiproxy/v1/locations?') && r.url().includes('features=DT'));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    const body = (await (await filtered).json()) as { stores: Array<{ store: { storeNumber: string; name: string } }> };

    await expect(filterButton(page)).toHaveAccessibleName('Filters, 1 applied');
    await expect(filterButton(page)).toContainText('1');
    await expect(page).toHaveURL(/[?&]features=DT(&|$)/);
    await expectSeattleResults(page);
    const n = await storeCount(page);
    expect(n).toBeGreaterThan(0);
    // the list carries what a card shows; each store's pickup options come with its details (GET /stores/:storeNumber)
    for (const l of body.stores.slice(0, 10)) {
      const whole = (await (await page.request.get(`/apiproxy/v1/stores/${l.store.storeNumber}`)).json()) as { store: { pickUpOptions: Array<{ code: string }> } };
      expect(whole.store.pickUpOptions.some((o) => o.code === 'DT')).toBe(true);
    }
    await expect(cards(page)).toHaveCount(n);
    // 1st & Pike has no drive-thru; the drive-thru store is there
    await expect(card(page, STORE.firstAndPike.name)).toHaveCount(0);
    await expect(card(page, STORE.driveThru.name)).toBeVisible();

    // the list is exactly the filtered answer, and every store in it offers drive-thru
    const names = body.stores.map((l) => l.store.name);
    await expect(cards(page).locator('.store-card-name')).toHaveText(names);
    // ... which its details show among the pickup options (opened for a spread of the list: opening all
    // 50 costs a map animation each, about a second apiece in software WebGL)
    const details = panel(page).getByRole('region').filter({ has: page.locator('#store-details-title') });
    const sample = [...new Set([0, 1, 2, 3, Math.floor(n / 2), n - 2, n - 1].filter((i) => i >= 0 && i < n))];
    for (const i of sample) {
      const c = cards(page).nth(i);
      await c.getByRole('button', { name: /^Store info for / }).click();
      await expect(details.getByRole('heading', { level: 2 })).toHaveText(names[i]!);
      const pickup = details.getByRole('heading', { name: 'Pickup options' }).locator('xpath=following-sibling::ul[1]');
      await expect(pickup.getByRole('listitem').filter({ hasText: /^Drive-thru$/ }), `${names[i]} has drive-thru`).toHaveCount(1);
      await details.getByRole('button', { name: 'Back to results' }).click();
      await expect(details).toHaveCount(0);
    }

    // the filter stays applied in the overlay; Clear all then Apply removes it
    await filterButton(page).click();
    await expect(dialog.getByRole('checkbox', { name: 'Drive-thru' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Drive-thru' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(filterButton(page)).toHaveAccessibleName('Filters');
    await expect(filterButton(page).locator('.filter-count')).toHaveCount(0);
    await expect(page).not.toHaveURL(/features=/);
    await expect(card(page, STORE.firstAndPike.name)).toBeVisible();
    await expect(summary(page)).toHaveText(`${unfiltered} stores near Seattle, WA, US`);
  });

  test('on a 390 px phone the search box shows its whole placeholder; the filter button is its icon and count', async ({ page }) => {
    await withoutMap(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    const input = searchBox(page);
    await input.fill('');
    await expect(input).toHaveAttribute('placeholder', 'City, state or ZIP code');
    // the placeholder's text, measured in the input's own font, fits the input's text box
    const fit = await input.evaluate((el: HTMLInputElement) => {
      const cs = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const box = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      return { text: ctx.measureText(el.placeholder).width, box };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.box);
    await expect(filterButton(page)).toHaveAccessibleName('Filters');
    await expect(filterButton(page)).toHaveText('Filters'); // for screen readers only: visually hidden, still the name
    expect(await filterButton(page).evaluate((b) => b.getBoundingClientRect().width)).toBeGreaterThanOrEqual(44);
    await filterButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Filter stores' });
    await dialog.getByRole('checkbox', { name: 'Drive-thru' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(filterButton(page)).toHaveAccessibleName('Filters, 1 applied');
    await expect(filterButton(page).locator('.filter-count')).toBeVisible();
    await expect(filterButton(page).locator('.filter-count')).toHaveText('1');
    expect(await axeViolations(page, '.locator-searchbar')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, 'phone-searchbar');
  });

  test('a filter left as a draft is dropped when the overlay is closed', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    await filterButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Filter stores' });
    await dialog.getByRole('checkbox', { name: 'Curbside' }).check();
    await dialog.getByRole('button', { name: 'Close filters' }).click();
    await expect(dialog).toBeHidden();
    await expect(filterButton(page)).toHaveAccessibleName('Filters');
    await filterButton(page).click();
    await expect(dialog.getByRole('checkbox', { name: 'Curbside' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('store details and choosing a store', () => {
  test('details show address, distance, phone, schedule, pickup options and amenities; Order here goes to /menu and is remembered', async ({ page, consoleErrors }) => {
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    await card(page, STORE.firstAndPike.name).getByRole('button', { name: `Store info for ${STORE.firstAndPike.name}` }).click();

    const details = panel(page).getByRole('region', { name: STORE.firstAndPike.name });
    await expect(details.getByRole('heading', { level: 2, name: STORE.firstAndPike.name })).toBeFocused();
    await expect(details).toContainText('1912 Pike Pl');
    await expect(details).toContainText('Seattle, WA 98101');
    await expect(details.getByText(/^\d+(\.\d)? mi away$/)).toBeVisible();
    await expect(details.getByRole('link', { name: '206-555-0101' })).toHaveAttribute('href', 'tel:2065550101');
    const schedule = details.getByRole('table', { name: 'Store hours for the next 7 days' });
    await expect(schedule.getByRole('row')).toHaveCount(7);
    await expect(schedule.getByRole('rowheader').first()).toHaveText(/\S/);
    await expect(schedule.getByRole('cell').first()).toHaveText(/\d{1,2}:\d{2} [AP]M|Closed/);
    await expect(details.getByRole('heading', { name: 'Pickup options' })).toBeVisible();
    await expect(details.getByRole('listitem').filter({ hasText: /^In store$/ })).toHaveCount(1);
    await expect(details.getByRole('listitem').filter({ hasText: /^Drive-thru$/ })).toHaveCount(0);
    await expect(details.getByRole('heading', { name: 'Amenities' })).toBeVisible();
    for (const amenity of ['Oven-warmed food', 'Nitro Cold Brew', 'Wi-Fi', 'Clover Brewed Coffee']) {
      await expect(details.getByRole('listitem').filter({ hasText: new RegExp(`^${escape(amenity)}$`) })).toHaveCount(1);
    }
    // internal codes (XO, CC) are not amenities
    await expect(details.getByText(/internal/i)).toHaveCount(0);
    // the map pin of the store is selected
    await expectMapReady(page);
    await expect(marker(page, STORE.firstAndPike.name)).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'store-details');

    await details.getByRole('button', { name: 'Order here' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
    await expect(page.getByText('Ordering from')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: STORE.firstAndPike.name })).toBeVisible();
    await expect(page.getByText('1912 Pike Pl, Seattle, WA 98101')).toBeVisible();
    await shot(page, 'menu-chosen-store');

    // remembered across a reload (localStorage, then reloaded from the API)
    const reloaded = page.waitForResponse((r) => r.url().endsWith(`/apiproxy/v1/stores/${STORE.firstAndPike.number}`) && r.ok());
    await page.reload();
    await reloaded;
    await expect(page.getByRole('heading', { level: 2, name: STORE.firstAndPike.name })).toBeVisible();
    await expect(page.getByText('Ordering from')).toBeVisible();

    // Change store: the in-menu locator, without the global navigation and footer
    await page.getByRole('link', { name: /^Change store/ }).click();
    await expect(page).toHaveURL(/\/menu\/store-locator/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a store' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '/menu');
    await shot(page, 'menu-store-locator');
    expect(consoleErrors).toEqual([]);
  });

  test('the standalone locator has the global navigation and footer; other sub-paths show the locator', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/store-locator/some/other/path');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.goto('/menu/store-locator/elsewhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a store' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('in the menu: the first orderable store is preselected; toCart goes on to /menu/cart, a return path wins', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/menu/store-locator?place=Seattle');
    await expectSeattleResults(page);
    const selected = cards(page).and(panel(page).locator('[aria-current="true"]'));
    await expect(selected).toHaveCount(1);
    await expect(selected.getByText('Mobile ordering unavailable')).toHaveCount(0);
    // a store that cannot take mobile orders says so on its card
    await expect(card(page, STORE.notReady.name).getByText('Mobile ordering is not available at this store yet')).toBeVisible();

    // the 24-hour store is always open and READY with guest ordering
    await page.goto(`/menu/store-locator?storeNumber=${STORE.allDay.number.split('-')[0]}&toCart=true`);
    await expect(card(page, STORE.allDay.name)).toHaveAttribute('aria-current', 'true');
    await card(page, STORE.allDay.name).getByRole('button', { name: `Order here at ${STORE.allDay.name}` }).click();
    await expect(page).toHaveURL(/\/menu\/cart$/);

    // a stored return path wins; an unsafe one is dropped (then /menu)
    await page.goto(`/menu/store-locator?storeNumber=10003&toCart=true&returnPath=${encodeURIComponent('/store-locator/delivery')}`);
    await card(page, STORE.allDay.name).getByRole('button', { name: `Order here at ${STORE.allDay.name}` }).click();
    await expect(page).toHaveURL(/\/store-locator\/delivery$/);
    await page.goto(`/menu/store-locator?storeNumber=10003&returnPath=${encodeURIComponent('//evil.example/x')}`);
    await card(page, STORE.allDay.name).getByRole('button', { name: `Order here at ${STORE.allDay.name}` }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('heading', { level: 2, name: STORE.allDay.name })).toBeVisible();
  });

  test('a store that takes no mobile orders says so and offers no Order here, standalone and in the menu', async ({ page }) => {
    await withoutMap(page);
    for (const path of ['/store-locator', '/menu/store-locator']) {
      await page.goto(`${path}?storeNumber=${STORE.notReady.number}`);
      const westlake = card(page, STORE.notReady.name);
      await expect(westlake).toHaveAttribute('aria-current', 'true');
      await expect(westlake.getByText('Mobile ordering is not available at this store yet')).toBeVisible();
      await expect(westlake.getByRole('button', { name: /^Order here/ })).toHaveCount(0);
      await westlake.getByRole('button', { name: `Store info for ${STORE.notReady.name}` }).click();
      const details = page.getByRole('region', { name: STORE.notReady.name });
      await expect(details.getByText('Mobile ordering is not available at this store yet')).toBeVisible();
      await expect(details.getByRole('button', { name: 'Order here' })).toHaveCount(0);
    }
    await shot(page, 'not-ready-details');
    // nothing was stored
    expect(await page.evaluate(() => localStorage.getItem('harbor.selectedStore.v1'))).toBeNull();
  });

  test('a guest choosing a store without guest ordering gets a dialog with Sign in and Create account', async ({ page }) => {
    await withoutMap(page);
    await page.goto(`/store-locator?storeNumber=${STORE.noGuestOrdering.number}`);
    const union = card(page, STORE.noGuestOrdering.name);
    await expect(union).toHaveAttribute('aria-current', 'true');
    const open = (await union.locator('.store-card-status.is-open').count()) === 1;
    await union.getByRole('button', { name: `Order here at ${STORE.noGuestOrdering.name}` }).click();
    // spec 1 section 6: open and READY without guest ordering -> account required; otherwise the generic unavailable dialog
    const dialog = page.getByRole('dialog', { name: open ? 'Account required' : 'Store unavailable' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(open ? 'This store needs an account to order ahead.' : "This store isn't taking mobile orders right now.");
    await expect(dialog.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', /^\/account\/create\?returnUrl=%2Fstore-locator/);
    await shot(page, 'guest-ordering-dialog');
    await dialog.getByRole('button', { name: 'Choose another store' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/store-locator/);
    expect(await page.evaluate(() => localStorage.getItem('harbor.selectedStore.v1'))).toBeNull();
    await union.getByRole('button', { name: `Order here at ${STORE.noGuestOrdering.name}` }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Fstore-locator/);
  });

  test('in the menu a guest is not preselected a store without guest ordering', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/menu/store-locator?place=Seattle');
    await expectSeattleResults(page);
    const selected = cards(page).and(panel(page).locator('[aria-current="true"]'));
    await expect(selected).toHaveCount(1);
    await expect(selected.getByText('Account required: this store has no guest ordering')).toHaveCount(0);
    await expect(selected).not.toHaveText(new RegExp(STORE.noGuestOrdering.name.replace(/[&]/g, '.')));
  });
});

test.describe('favorites', () => {
  test('a guest is asked to sign in, comes back to the locator, and the heart then toggles and persists', async ({ page, request }) => {
    await withoutMap(page);
    const member = await createMember(request);
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    const heart = favoriteButton(card(page, STORE.firstAndPike.name), STORE.firstAndPike.name);
    await expect(heart).toHaveAccessibleName(`Add ${STORE.firstAndPike.name} to favorites`);

    await heart.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to save favorites' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You must sign in to add this store to your favorites.');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await shot(page, 'favorite-guest-dialog');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();

    await heart.click();
    const signIn = dialog.getByRole('link', { name: 'Sign in' });
    await expect(signIn).toHaveAttribute('href', `/account/signin?returnUrl=${encodeURIComponent('/store-locator?place=Seattle')}`);
    await signIn.click();
    await expect(page).toHaveURL(/\/account\/signin\?returnUrl=/);
    await submitSignInForm(page, member.email, member.password);

    // back on the locator, signed in
    await expect(page).toHaveURL(/\/store-locator\?place=Seattle$/);
    await expect(page.getByRole('link', { name: 'Hi, Lou' })).toBeVisible();
    await expectSeattleResults(page);
    const memberHeart = favoriteButton(card(page, STORE.firstAndPike.name), STORE.firstAndPike.name);
    await expect(memberHeart).toHaveAttribute('aria-pressed', 'false');

    const added = page.waitForResponse((r) => r.url().endsWith('/apiproxy/v1/stores/favorites') && r.request().method() === 'POST');
    await memberHeart.click();
    await expect(memberHeart).toHaveAttribute('aria-pressed', 'true');
    expect((await added).status()).toBe(200);
    await expect(memberHeart).toHaveAccessibleName(`Remove ${STORE.firstAndPike.name} from favorites`);
    await expect(memberHeart).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the server kept it: after a reload the store is in the Favorite stores group, heart pressed
    await page.reload();
    await expectSeattleResults(page);
    const favorites = panel(page).getByRole('region', { name: 'Favorite stores' });
    await expect(favorites.getByRole('button', { name: `Remove ${STORE.firstAndPike.name} from favorites` })).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'favorite-member');

    // also from the details overlay: remove it
    await card(page, STORE.firstAndPike.name).getByRole('button', { name: /^Store info for / }).click();
    const details = panel(page).getByRole('region', { name: STORE.firstAndPike.name });
    const detailsHeart = details.getByRole('button', { name: `Remove ${STORE.firstAndPike.name} from favorites` });
    const removed = page.waitForResponse((r) => r.url().includes(`/apiproxy/v1/stores/favorites/`) && r.request().method() === 'DELETE');
    await detailsHeart.click();
    expect((await removed).status()).toBe(200);
    await expect(details.getByRole('button', { name: `Add ${STORE.firstAndPike.name} to favorites` })).toHaveAttribute('aria-pressed', 'false');

    await page.reload();
    await expectSeattleResults(page);
    await expect(panel(page).getByRole('heading', { name: 'Favorite stores' })).toHaveCount(0);
    await expect(card(page, STORE.firstAndPike.name).getByRole('button', { name: `Add ${STORE.firstAndPike.name} to favorites` })).toHaveAttribute('aria-pressed', 'false');
  });

  test('a failed favorite save reverts the heart and says so', async ({ page }) => {
    await withoutMap(page);
    const res = await apiCreateAccount(page.request, {
      firstName: 'Fay', lastName: 'Lure', emailAddress: uniqueEmail('locator-fail'), password: MEMBER_PASSWORD, termsAndConditions: true,
    });
    expect(res.status).toBe(200); // the page's context is now signed in as this new member
    await page.route((url) => url.pathname === '/apiproxy/v1/stores/favorites', (route) => route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'down' } }));
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    const heart = card(page, STORE.allDay.name).getByRole('button', { name: `Add ${STORE.allDay.name} to favorites` });
    await heart.click();
    await expect(toast(page)).toHaveText(/We couldn't update your favorite stores\. Please try again\./);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toHaveAttribute('aria-busy', 'false');
  });
});

test.describe('empty states and errors', () => {
  test('an unknown place: place not found', async ({ page }) => {
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    await expectMapReady(page);
    await zoomInUntil(page, [STORE.firstAndPike.name]);
    await searchBox(page).fill('zzzzqqq');
    await searchBox(page).press('Enter');
    await expect(panel(page).getByRole('heading', { name: 'Place not found' })).toBeVisible();
    await expect(panel(page)).toContainText("We couldn't find that place. Check the spelling or try a nearby city or ZIP code.");
    // the locations are cleared, list and map
    await expect(cards(page)).toHaveCount(0);
    await expect(map(page).getByRole('button', { name: STORE.firstAndPike.name })).toHaveCount(0);
    await expect(page).toHaveURL(/place=zzzzqqq/);
  });

  test("a store number that does not exist: Whoops! We couldn't find that store.", async ({ page }) => {
    await withoutMap(page);
    await page.goto('/store-locator?storeNumber=99999999');
    const alert = panel(page).getByRole('alert');
    await expect(alert).toContainText("Whoops! We couldn't find that store.");
    await expect(alert.getByRole('heading', { name: 'Store not found' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('the middle of the ocean: no stores, with hints and the nearest store offered', async ({ page }) => {
    await page.goto('/store-locator?lat=30&lng=-150');
    await expect(panel(page).getByRole('heading', { name: 'No stores found' })).toBeVisible();
    for (const hint of ['Move or zoom out the map', 'Turn off some filters', 'Search a wider area']) {
      await expect(panel(page).getByRole('listitem').filter({ hasText: hint })).toBeVisible();
    }
    await expect(panel(page).getByRole('heading', { name: 'Nearest store' })).toBeVisible();
    const nearest = cards(page);
    await expect(nearest).toHaveCount(1);
    const name = (await nearest.locator('.store-card-name').textContent())!;
    await expectMapReady(page);
    await expect(marker(page, name)).toBeAttached();
    await shot(page, 'ocean-no-stores');
    await panel(page).getByRole('button', { name: `Show stores near ${name}` }).click();
    await expect(summary(page)).toHaveText(/^\d+ stores? in this area$/);
    await expect(card(page, name).first()).toBeVisible(); // (generated store names can repeat)
  });

  test('zooming out too far: zoomed out, and the zoom stops at level 3', async ({ page }) => {
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    const zoomOut = map(page).getByRole('button', { name: 'Zoom out' });
    const zoomedOut = panel(page).getByRole('heading', { name: 'Zoomed out too far' });
    // the buttons continue from where the map's fit landed: one Zoom out is one level out (pins half as far
    // apart); it used to start from an estimate one level too deep, and the first Zoom out zoomed in
    await expectMapReady(page);
    const fitted = await settledZoom(page);
    await zoomOut.click();
    await expect(cards(page).first()).toBeVisible(); // still searching at this zoom
    // about one level out (distances on the map about halve), never in
    const out = fitted - (await settledZoom(page));
    expect(out, 'one Zoom out is about one level out from the fitted view').toBeGreaterThan(0.6);
    expect(out).toBeLessThan(1.35);
    for (let i = 0; i < 20 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
    await expect(zoomOut).toBeDisabled();
    await expect(zoomedOut).toBeVisible();
    await expect(panel(page)).toContainText('Zoom in to see stores in this area.');
    await expect(cards(page)).toHaveCount(0);
    await expect(map(page).getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    await shot(page, 'zoomed-out');
  });

  test('a 5xx from the locations API: the generic error, and Try again recovers', async ({ page }) => {
    await withoutMap(page);
    let fail = true;
    await page.route(
      (url) => url.pathname === '/apiproxy/v1/locations',
      (route) => (fail ? route.fulfill({ status: 503, json: { code: 'SERVICE_UNAVAILABLE', message: 'db pool exhausted on node-7' } }) : route.continue()),
    );
    await page.goto('/store-locator?place=Seattle');
    const alert = panel(page).getByRole('alert');
    await expect(alert.getByRole('heading', { name: "Stores didn't load" })).toBeVisible();
    await expect(alert).toContainText('Something went wrong while finding stores. Please try again.');
    await expect(page.getByText('db pool exhausted')).toHaveCount(0);
    await shot(page, 'locations-503');
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expectSeattleResults(page);
  });
});

test.describe('geolocation: allowed', () => {
  test.use({ permissions: ['geolocation'], geolocation: { ...SEATTLE, accuracy: 25 } });

  test('find me with an accurate position shows only the 3 nearest stores', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    await map(page).getByRole('button', { name: 'Find stores near me' }).click();
    // a user-initiated geolocation clears the previous search
    await expect(searchBox(page)).toHaveValue('');
    await expect(summary(page)).toHaveText('3 stores in this area');
    await expect(cards(page)).toHaveCount(3);
    await expect(card(page, STORE.firstAndPike.name)).toBeVisible(); // standing in front of it
    await expect(page).toHaveURL(/lat=47\.60972&lng=-122\.34215/);

  });

  test('the empty state button "Use my location" searches there too', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/store-locator');
    await panel(page).getByRole('button', { name: 'Use my location' }).click();
    await expect(summary(page)).toHaveText('3 stores in this area');
  });
});

test.describe('geolocation: inaccurate', () => {
  // far less accurate than the 1000 m threshold (config locator.geolocationAccuracyThreshold)
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 47.6205, longitude: -122.3493, accuracy: 5000 } });

  test('find me with an inaccurate position shows all the stores around', async ({ page }) => {
    await withoutMap(page);
    await page.goto('/store-locator');
    await map(page).getByRole('button', { name: 'Find stores near me' }).click();
    await expect(page).toHaveURL(/lat=47\.62050&lng=-122\.34930/);
    await expect(summary(page)).toHaveText(/^\d+ stores in this area$/);
    expect(await storeCount(page)).toBeGreaterThan(3);
    await expect(cards(page)).toHaveCount(await storeCount(page));
  });
});

test.describe('geolocation: denied', () => {
  test.use({ permissions: [] });

  test('find me without permission shows the geolocation empty state', async ({ page, context }) => {
    await withoutMap(page);
    await context.clearPermissions();
    await page.goto('/store-locator?place=Seattle');
    await expectSeattleResults(page);
    await map(page).getByRole('button', { name: 'Find stores near me' }).click();
    await expect(panel(page).getByRole('heading', { name: 'Location unavailable' })).toBeVisible();
    await expect(panel(page)).toContainText("We couldn't get your location. Allow location access in your browser, or search for a place.");
    await expect(cards(page)).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('');
  });
});
