/**
 * Product page favorites and the full bag (issue 10; spec 1 section 4 "Favorites: add … and remove, each showing a
 * notification", "The cart is full when the item count reaches the configured maximum"): a member saves a drink as
 * customised and adds it back from /menu/favorites as the same bag item; a guest is sent to sign-in and back; a full
 * bag refuses the item with the item-maximum message.
 */
import { DEMO, expect, test, uniqueEmail, apiCreateAccount } from './fixtures.ts';
import { VIEWPORTS, axeViolations, horizontalOverflow } from './a11y.helpers.ts';

const STORE = '10003'; // 3rd & Pine 24 Hours: always open (docs/ordering.md)
const LATTE = '/menu/product/2015/hot'; // Caffè Latte, hot form

test('a member favorites a customised latte on its page; Add on /menu/favorites puts the same item in the bag', async ({ page }) => {
  test.setTimeout(120_000);
  // a member of its own: the demo members are signed in and out by tests running in parallel
  const created = await apiCreateAccount(page.request, { firstName: 'Fran', lastName: 'Vorite', emailAddress: uniqueEmail('favorites'), password: DEMO.regular.password, termsAndConditions: true });
  expect(created.status).toBe(200); // the page's context is now signed in as this new member
  await page.goto(`/menu/store-locator?storeNumber=${STORE}`);
  // by name: a member's favorite stores are listed first (other tests add them), and may be closed now
  await page.getByRole('button', { name: 'Order here at 3rd & Pine 24 Hours' }).first().click();
  await expect(page).toHaveURL(/\/menu$/);
  await page.goto(LATTE);
  await expect(page.getByRole('heading', { level: 1, name: 'Caffè Latte' })).toBeVisible();
  await page.getByRole('button', { name: 'More: Espresso Shots' }).click();
  await page.getByRole('button', { name: /Add to favorites/ }).click();
  await expect(page.getByRole('button', { name: /Remove from favorites/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Added to your favorites.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]); // the favorited state
  await page.getByRole('button', { name: /^Add to order/ }).click();
  await expect(page.getByText('Added to your order.')).toBeVisible();
  await page.goto('/menu/favorites');
  await page.getByRole('button', { name: 'Add Caffè Latte to your order' }).first().click();
  await page.goto('/menu/cart');
  // one line, two lattes: the favorite kept its options (3 shots, 2% milk), so its item key is the product page's
  await expect(page.getByRole('heading', { level: 2, name: 'Caffè Latte' })).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Quantity of Caffè Latte' }).locator('output')).toHaveText('2');
  await expect(page.getByText(/Espresso Shots ×3/)).toBeVisible();
});

test('a guest who adds a favorite is sent to sign-in with the product page as return URL', async ({ page }) => {
  await page.goto(LATTE);
  await expect(page.getByRole('heading', { level: 1, name: 'Caffè Latte' })).toBeVisible();
  await page.getByRole('button', { name: /Add to favorites/ }).click();
  await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Fmenu%2Fproduct%2F2015%2Fhot$/);
});

test("a full bag refuses the drink: the item-maximum message instead of 'Added'", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(LATTE);
  await expect(page.getByRole('heading', { level: 1, name: 'Caffè Latte' })).toBeVisible();
  const more = page.getByRole('button', { name: 'One more', exact: true });
  for (let i = 0; i < 30; i++) await more.click(); // 31 lattes: more than the bag's 30
  await page.getByRole('button', { name: /^Add to order/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: "You've reached the item maximum for this order. Remove something to add more." })).toBeVisible();
  await expect(page.getByText('Added to your order.')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.narrow]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page)).toEqual([]);
  }
});
