import type { FileRoutesById } from '../../routeTree.gen.ts';
import type { Chrome } from '../../router.tsx';
import { signInVariantText, createVariantText } from '../account/variants.ts';
import { documentTitle, routeTitles } from './page-title.ts';
import { escapeHtml } from '../../../contracts/html.ts';
import { KEPT_STORE_SCRIPT } from '../../../contracts/kept-store.ts';
import { NO_STORE_TEXTS } from '../menu/chosen-store-texts.ts';
import { locatorMessages } from '../../services/locator-messages.ts';

/**
 * The HTML each page sends before any JavaScript runs (docs/architecture.md "Performance"): the build writes one
 * file per static route path from dist/index.html (scripts/page-shells-build.ts), and the server sends the one of
 * the requested path (server/http/page-shell.ts). Each has
 *   - the page's own `<title>` (WCAG 2.4.2 holds before the bundle runs),
 *   - its chrome (the header its route declares with `staticData.chrome`),
 *   - and, where the top of the page is the same for every visitor, that top: the real heading (often the
 *     largest text, so LCP does not wait for the bundle) with the view's own markup and classes, styled by the
 *     entry's stylesheet (src/styles.css: no extra render-blocking request), or the page's heading in the neutral
 *     placeholder where the view's layout needs the route's own stylesheet.
 * React's first render replaces the shell (createRoot); e2e/page-shells.spec.ts checks that the prerendered
 * heading is the one React renders, at the same size (a larger one would be a later LCP).
 *
 * Only what no visitor state changes belongs in `top`: a member's name, a chosen store or a search parameter
 * that changes the heading would flash the wrong text (`unlessSearch` names such parameters: with one of them the
 * plain shell is sent). The one exception is /menu's card for a visitor without a store, which a visitor with one
 * never sees (`menuTop`).
 */
export interface PageShell {
  /** the pathname, exactly (no trailing slash) */
  path: string;
  /** the route ids matched on that path, parents first (the deepest with a title names the page) */
  routeIds: Array<keyof FileRoutesById>;
  /** the route's chrome (staticData.chrome; 'full' when it has none) */
  chrome: Chrome;
  /** the page's top as React renders it, or null: the neutral placeholder */
  top: string | null;
  /** search parameters that change the top: with one of them the generic shell is sent */
  unlessSearch?: string[];
  /**
   * inline scripts for the head, before the stylesheet (a script after a pending stylesheet waits for it and stops
   * the parser: the browser then paints the page's top in two steps); each must be allowed by the server's CSP
   */
  headScripts?: string[];
  /**
   * the route file whose built stylesheets the page inlines in its head (`<style>`, allowed by its hash in the
   * page's CSP: server/http/page-shell.ts), for a top whose layout needs them; without a render-blocking request
   */
  inlineStylesOf?: string;
  /** configuration the top is drawn for: with one of these off the server sends the generic shell */
  requiresConfig?: Array<'enableInAppDelivery'>;
}

export interface ShellBrand {
  name: string;
  product: string;
}

/** the brand the server's configuration gives (server/config.ts) */
export const SHELL_BRAND: ShellBrand = { name: 'Harbor Coffee', product: 'Harbor' };

export { escapeHtml };

const accountTop = (t: { heading: string; subheading: string }) =>
  `<div class="account-page"><h1 class="account-heading">${escapeHtml(t.heading)}</h1><p class="account-subheading">${escapeHtml(t.subheading)}</p></div>`;
const legalTop = (title: string) => `<article class="legal-page"><h1>${escapeHtml(title)}</h1></article>`;

/**
 * /menu's top as ChosenStore renders it for a visitor without a store (its largest text is the card's paragraph).
 * A visitor whose browser kept a store gets their store from React instead: the page's inline script in the head
 * (contracts/kept-store.ts, allowed by its hash in the server's CSP) marks <html>, and src/styles.css hides the card.
 */
const menuTop = () =>
  `<section class="page menu-page"><h1>Menu</h1><div class="chosen-store" aria-busy="false"><div class="chosen-store-text"><h2 class="chosen-store-name">${escapeHtml(NO_STORE_TEXTS.heading)}</h2><p>${escapeHtml(NO_STORE_TEXTS.body)}</p></div><a class="btn btn--primary chosen-store-change" href="/menu/store-locator">${escapeHtml(NO_STORE_TEXTS.action)}</a></div></section>`;

/** the locator's query parameters (src/routes/-locator/search.ts): each one starts a search or changes the list */
const LOCATOR_QUERY = ['place', 'lat', 'lng', 'storeNumber', 'features', 'toCart', 'returnPath'] as const;

const ICON = (viewBox: string, size: number, d: string, cls = '') =>
  `<svg${cls ? ` class="${cls}"` : ''} viewBox="${viewBox}" width="${size}" height="${size}" aria-hidden="true"><path d="${d}" fill="currentColor"></path></svg>`;

/**
 * /store-locator's screen as LocatorView renders it for a visitor without a query (guest or member: the locator
 * starts empty), with the default configuration's Pickup / Delivery toggle; the list panel's largest text is the
 * empty state's paragraph. Its layout needs the locator's stylesheets, which the page inlines
 * (`inlineStylesOf`). The controls do nothing before React: `inert` keeps them from taking focus or a
 * click (typing into a box React then replaces would be lost). The map's pane shows its loading state.
 */
const locatorTop = () =>
  '<div class="locator" inert=""><div class="locator-body"><section class="locator-panel" aria-label="Stores"><div class="locator-panel-head">' +
  '<h1 class="locator-title">Find a store</h1>' +
  '<fieldset class="fulfillment-toggle"><legend class="visually-hidden">How do you want your order?</legend>' +
  '<label class="fulfillment-toggle-option is-checked"><input type="radio" value="pickup" checked="" name="shell-fulfillment"><span>Pickup</span></label>' +
  '<label class="fulfillment-toggle-option"><input type="radio" value="delivery" name="shell-fulfillment"><span>Delivery</span></label></fieldset>' +
  '<div class="locator-searchbar"><form role="search" class="place-search"><label for="shell-place-search" class="visually-hidden">Search for a store by city, state or ZIP code</label>' +
  ICON('0 0 24 24', 20, 'M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z', 'place-search-icon') +
  '<input id="shell-place-search" class="place-search-input" autocomplete="off" spellcheck="false" placeholder="City, state or ZIP code" type="text" value="">' +
  `<button type="submit" class="place-search-submit" aria-label="Search">${ICON('0 0 24 24', 18, 'M4 11h12.2l-5.6-5.6L12 4l8 8-8 8-1.4-1.4 5.6-5.6H4z')}</button></form>` +
  `<button type="button" class="filter-button">${ICON('0 0 24 24', 18, 'M3 5h18v2H3zm3 6h12v2H6zm4 6h4v2h-4z')}<span class="filter-button-text">Filters</span></button></div>` +
  '<fieldset class="locator-view-switch"><legend class="visually-hidden">Show stores as</legend><label><input type="radio" value="list" checked="" name="shell-locator-view"><span>List</span></label><label><input type="radio" value="map" name="shell-locator-view"><span>Map</span></label></fieldset>' +
  '</div><div class="locator-panel-body"><div class="locator-empty locator-empty--info">' +
  ICON('0 0 48 48', 48, 'M24 4c7.7 0 14 6.3 14 14 0 10.5-14 26-14 26S10 28.5 10 18c0-7.7 6.3-14 14-14zm0 8a6 6 0 1 0 0 12 6 6 0 0 0 0-12z', 'locator-empty-icon') +
  `<h2 class="locator-empty-title">${escapeHtml(locatorMessages.searchOrZoomTitle)}</h2><p>${escapeHtml(locatorMessages.searchOrZoom)}</p><button type="button" class="btn btn--ghost">Use my location</button></div></div></section>` +
  '<section class="locator-map" aria-label="Map"><div class="store-map store-map--loading"><div class="store-map-canvas"><div class="store-map-instance"></div></div>' +
  '<div class="store-map-overlay"><span class="spinner" role="progressbar" aria-label="Loading map"><span class="spinner-dot"></span></span></div></div>' +
  '<div class="map-controls"><div class="map-controls-zoom" role="group" aria-label="Zoom">' +
  `<button type="button" class="map-control" aria-label="Zoom in">${ICON('0 0 24 24', 20, 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z')}</button>` +
  `<button type="button" class="map-control" aria-label="Zoom out">${ICON('0 0 24 24', 20, 'M5 11h14v2H5z')}</button></div>` +
  `<button type="button" class="map-control map-control--locate" aria-label="Find stores near me">${ICON('0 0 24 24', 20, 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm-1-6h2v3.1A7 7 0 0 1 18.9 11H22v2h-3.1A7 7 0 0 1 13 18.9V22h-2v-3.1A7 7 0 0 1 5.1 13H2v-2h3.1A7 7 0 0 1 11 5.1zm1 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10z')}</button>` +
  '</div></section></div></div>';

type ChromeOf = (id: string) => Chrome | undefined;

/** the chrome of the deepest matched route that declares one ('full' when none does) */
const chromeFor = (routeIds: readonly string[], chromeOf: ChromeOf): Chrome => [...routeIds].reverse().map(chromeOf).find(Boolean) ?? 'full';

/**
 * Pages whose top is prerendered (pageShells gives every other static path its title and chrome). The chrome comes
 * from the route files (`chromeOf`), never from this table.
 */
export function prerenderedShells(chromeOf: ChromeOf, brand: ShellBrand = SHELL_BRAND): PageShell[] {
  const tops: Array<Omit<PageShell, 'chrome'>> = [
    { path: '/account/signin', routeIds: ['/account/signin'], top: accountTop(signInVariantText(undefined, brand.product)), unlessSearch: ['variant'] },
    { path: '/account/create', routeIds: ['/account/create'], top: accountTop(createVariantText(undefined, brand.product)), unlessSearch: ['variant'] },
    {
      path: '/account/forgot-password',
      routeIds: ['/account/forgot-password'],
      top: accountTop({ heading: 'Forgot your password?', subheading: "Enter the email address of your account and we'll send you a link to reset your password." }),
    },
    { path: '/menu', routeIds: ['/menu/'], top: menuTop(), headScripts: [KEPT_STORE_SCRIPT] },
    {
      path: '/store-locator',
      routeIds: ['/store-locator'],
      top: locatorTop(),
      inlineStylesOf: 'src/routes/store-locator.tsx',
      requiresConfig: ['enableInAppDelivery'],
      unlessSearch: [...LOCATOR_QUERY],
    },
    { path: '/terms-of-use', routeIds: ['/terms-of-use'], top: legalTop('Terms of Use') },
    { path: '/card-terms', routeIds: ['/card-terms'], top: legalTop('Card Terms') },
    { path: '/privacy-statement', routeIds: ['/privacy-statement'], top: legalTop('Privacy Statement') },
    { path: '/help/delivery-faq', routeIds: ['/help/delivery-faq'], top: legalTop('Delivery FAQ') },
  ];
  return tops.map((t) => ({ ...t, chrome: chromeFor(t.routeIds, chromeOf) }));
}

/** "/account/settings/" -> "/account/settings", "/menu/cart_/guest/checkout" -> "/menu/cart/guest/checkout"; null for a path with parameters */
export function pathOfRouteId(id: string): string | null {
  if (id.includes('$')) return null;
  const path = id
    .split('/')
    .map((s) => s.replace(/_$/, ''))
    .join('/')
    .replace(/\/$/, '');
  return path === '' ? '/' : path;
}

/**
 * Every route id that matches a path of its own (no parameters), with its ancestors from `allIds` (a route's
 * parent is the route whose id is a prefix at a segment boundary). Prerendered pages come first and win.
 */
export function pageShells(allIds: readonly string[], chromeOf: ChromeOf = () => undefined, brand: ShellBrand = SHELL_BRAND): PageShell[] {
  const shells = prerenderedShells(chromeOf, brand);
  const taken = new Set(shells.map((s) => s.path));
  for (const id of [...allIds].sort()) {
    const path = pathOfRouteId(id);
    if (path === null || taken.has(path) || id === '__root__') continue;
    taken.add(path);
    const routeIds = ancestorsOf(id, allIds);
    shells.push({ path, routeIds: routeIds as PageShell['routeIds'], chrome: chromeFor(routeIds, chromeOf), top: null });
  }
  return shells;
}

function ancestorsOf(id: string, allIds: readonly string[]): string[] {
  const segments = id.split('/').filter(Boolean);
  const chain: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const prefix = `/${segments.slice(0, i).join('/')}`;
    if (allIds.includes(prefix)) chain.push(prefix);
  }
  chain.push(id);
  return chain;
}

/** the document title of a shell: the route's title (page-title.ts) and the brand */
export function shellTitle(shell: PageShell, brand: ShellBrand = SHELL_BRAND): string {
  const titles = routeTitles as Record<string, string | undefined>;
  const own = [...shell.routeIds].reverse().map((id) => titles[id]).find(Boolean) ?? null;
  return documentTitle(own, brand.name);
}

const LOGO = (brandName: string) =>
  `<a class="logo" href="/" aria-label="${escapeHtml(brandName)} home"><svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true"><circle cx="32" cy="32" r="30" fill="currentColor"></circle><path d="M20 24h20v10a10 10 0 0 1-20 0zM40 27h3a4 4 0 0 1 0 8h-3" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"></path></svg><span class="logo-text">${escapeHtml(brandName)}</span></a>`;

/** the placeholder under a header until React renders: a heading (the page's, or the brand) and two grey lines */
/** the header's bag (AppShell's bag link) without its count, which only the browser's stored bag knows */
const BAG = `<a class="nav-bag" href="/menu/cart" aria-label="Bag"></a>`;

function placeholder(heading: string) {
  return `<div class="shell-placeholder"><h1 class="shell-placeholder-title">${escapeHtml(heading)}</h1><p class="shell-placeholder-line" aria-hidden="true"></p><p class="shell-placeholder-line shell-placeholder-line--short" aria-hidden="true"></p></div>`;
}

/**
 * The contents of `#root` before React: AppShell's markup (src/views/shell/AppShell.tsx) for a visitor who is
 * not signed in, without the sign-in buttons (a member must not see them flash), and the page's top.
 */
export function shellRootHtml(shell: Pick<PageShell, 'chrome' | 'top'> | null, brand: ShellBrand = SHELL_BRAND): string {
  const chrome = shell?.chrome ?? 'full';
  const header =
    chrome === 'full' || chrome === 'noFooter'
      ? `<header class="global-nav">${LOGO(brand.name)}<div class="global-nav-panel"><nav aria-label="Main" class="global-nav-links"><a href="/menu">Menu</a><a href="/store-locator">Find a store</a></nav></div>${BAG}</header>`
      : chrome === 'logoOnly'
        ? `<header class="global-nav global-nav--logo-only">${LOGO(brand.name)}${BAG}</header>`
        : '';
  const main = `<main id="main" class="app-main" tabindex="-1">${shell?.top ?? placeholder(brand.name)}</main>`;
  return `<div class="app app--${chrome} app--prerendered"><a class="skip-link" href="#main">Skip to main content</a>${header}${main}</div>`;
}
