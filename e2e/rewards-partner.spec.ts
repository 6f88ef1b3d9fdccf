/**
 * Links and unlinks the hotel partner (issue 27 "Done when"; spec 3 sections 2, 4, 8, 9; docs/rewards.md 5): a guest on
 * the landing presses Link, signs in on the hotel-link variant, lands on the redirect page (no navigation, no footer),
 * which after 5 s sends the window to the sandbox partner; 'Link accounts' comes back to 'You're all set!'. Link again
 * → 'You're already linked!'; unlink (the dialog's button busy) → 'Your accounts are now unlinked.'; unlink again →
 * 'You're actually not linked!'. The setting off (config answer intercepted) → the fallback page; an unknown sub-path →
 * the error page.
 */
import { test } from './fixtures.ts';
import { createMember, expect, submitSignIn, type Member } from './accounts.helpers.ts';
import { axeViolations, horizontalOverflow } from './a11y.helpers.ts';

test.describe.configure({ mode: 'serial' });

const LANDING = '/rewards/partnerships/lodgecrest';
let member: Member;

test.beforeAll(async ({ request }) => {
  member = await createMember(request, 'Lena', 'partner');
});

test('a guest links: sign-in (hotel-link), the redirect page waits 5 s, the sandbox partner, then success', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(LANDING);
  await expect(page.getByRole('heading', { level: 1, name: 'Link your accounts' })).toBeVisible();
  await expect(page).toHaveTitle('Link your accounts | Harbor Coffee');
  await expect(page.locator('.partner-hero img')).toHaveAttribute('width', '448');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Frewards%2Fpartnerships%2Flodgecrest%2Fredirect&variant=hotel-link$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Link your hotel partner account' })).toBeVisible();
  await submitSignIn(page, member.email, member.password);

  // waitForURL resolves on the navigation itself (toHaveURL polls, up to 1 s late, which made the 5 s look short)
  await page.waitForURL(/\/rewards\/partnerships\/lodgecrest\/redirect$/);
  const arrived = Date.now();
  await expect(page.getByRole('heading', { level: 1, name: 'Taking you to Lodgecrest Rewards…' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  // the redirect page hides the global navigation and the footer
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  await page.waitForURL(/\/dev\/hotel-partner\/authorize\?state=/, { timeout: 20_000 });
  expect(Date.now() - arrived).toBeGreaterThanOrEqual(4900);
  await expect(page.getByRole('heading', { level: 1, name: 'Lodgecrest Rewards (sandbox)' })).toBeVisible();
  await expect(page.getByLabel('Lodgecrest Rewards member number')).toHaveValue(/^100000[0-9]{3}$/);
  await page.getByRole('button', { name: 'Link accounts' }).click();
  await expect(page).toHaveURL(/\/rewards\/partnerships\/lodgecrest\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: "You're all set!" })).toBeVisible();
  await expect(page).toHaveTitle("You're all set! | Harbor Coffee");
});

test('linked already; unlink with the busy button; unlink again says not linked', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/account/signin');
  await submitSignIn(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/account\/signin/);

  await page.goto(LANDING);
  await page.getByRole('button', { name: 'Finish linking' }).click();
  await expect(page).toHaveURL(/\/redirect$/);
  await expect(page).toHaveURL(/\/rewards\/partnerships\/lodgecrest\/already-linked$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: "You're already linked!" })).toBeVisible();

  // the unlink answer is held for a moment so that the busy button can be seen
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/apiproxy/v1/rewards/partnerships/lodgecrest/unlink', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(LANDING);
  await page.getByRole('button', { name: 'Unlink your accounts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlink your accounts?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Unlink', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Unlink', exact: true })).toHaveAttribute('aria-busy', 'true');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/rewards\/partnerships\/lodgecrest\/unlinked$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your accounts are now unlinked.' })).toBeVisible();
  await page.unroute('**/apiproxy/v1/rewards/partnerships/lodgecrest/unlink');

  await page.goto(LANDING);
  await page.getByRole('button', { name: 'Unlink your accounts' }).click();
  await page.getByRole('dialog', { name: 'Unlink your accounts?' }).getByRole('button', { name: 'Unlink', exact: true }).click();
  await expect(page).toHaveURL(/\/rewards\/partnerships\/lodgecrest\/not-linked$/);
  await expect(page.getByRole('heading', { level: 1, name: "You're actually not linked!" })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the partnership page' }).click();
  await expect(page).toHaveURL(new RegExp(`${LANDING}$`));
});

test('the error page for any other sub-path; the fallback page when the setting is off; 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${LANDING}/bogus`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hmm.' })).toBeVisible();
  await expect(page.getByText("Something didn't go as planned, but we're on it! Please try again.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the partnership page' })).toHaveAttribute('href', LANDING);
  await page.goto(LANDING);
  await expect(page.getByRole('heading', { level: 1, name: 'Link your accounts' })).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);

  await page.route('**/apiproxy/v1/config', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.rewards.hotelPartner.enabled = false;
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(LANDING);
  await expect(page.getByRole('heading', { level: 1, name: "This partnership isn't available right now." })).toBeVisible();
  await page.goto('/rewards/partnerships/other-hotel');
  await expect(page.getByRole('heading', { level: 1, name: "This partnership isn't available right now." })).toBeVisible();
});
