import type { ProductDetail } from '../../../contracts/ordering.ts';
import { escapeHtml } from '../../../contracts/html.ts';
import { defaultSize } from '../../../machines/product-options.ts';
import { documentTitle } from './page-title.ts';

/**
 * A product page's first HTML (issue 32; docs/architecture.md "Each page's first HTML"): the page has parameters,
 * so the build cannot write it. The build writes one template for the route (PRODUCT_SHELL: its title, chrome,
 * route chunks and the route's stylesheets inline, and PRODUCT_TOP_MARKER where the top goes:
 * scripts/page-shells-build.ts), and the server fills it for a product of its menu (server/http/product-shell.ts):
 * the `<title>`, a preload of the product's image in the head and the top below, as ProductView
 * (src/views/ordering/ProductView.tsx) draws it for the product's form and default size. The image is the page's
 * largest paint: it starts downloading with the HTML, not after the bundle, the route's chunks and the loader's reads.
 *
 * Only what no visitor state changes: the menu's name, description, image and the default size's calories are
 * the same at every store and for every visitor (the store's prices and stock are below the top, drawn by React).
 * The one exception is the allergen-filter notice of a visitor who set one (ProductView adds it under the
 * calories). Every text is escaped; nothing of the request but the two checked path parameters reaches the page.
 */
export const PRODUCT_SHELL = {
  /** the route whose template the build writes (PageShell.routeIds, inlineStylesOf) */
  routeId: '/menu/product/$productNumber/$formCode',
  routeFile: 'src/routes/menu.product.$productNumber.$formCode.tsx',
  /** the template's file under dist/shells/ and its key in dist/shells/manifest.json */
  file: 'menu.product.html',
  key: '/menu/product/$productNumber/$formCode',
} as const;

/** the template's placeholder for the top (inside #main), replaced by productTop */
export const PRODUCT_TOP_MARKER = '<!--product-top-->';

/** the product page's path parameters as the route's beforeLoad accepts them (anything else goes to /menu) */
export function productPathParams(pathname: string): { productNumber: number; formCode: string } | null {
  const m = /^\/menu\/product\/([0-9]{1,8})\/([a-z][a-z0-9-]{0,19})\/?$/.exec(pathname);
  return m ? { productNumber: Number(m[1]), formCode: m[2]! } : null;
}

/** the page's document title, as RouteAnnouncer sets it (the route has no title of its own: its <h1>) */
export const productTitle = (p: Pick<ProductDetail, 'name'>, brandName: string) => documentTitle(p.name, brandName);

/** the top of ProductView for `p` (its default size), in the view's markup and classes (ordering.css) */
export function productTop(p: ProductDetail): string {
  const size = defaultSize(p);
  const back = `/menu/${encodeURIComponent(p.menuPath.menu)}/${encodeURIComponent(p.menuPath.category)}`;
  const nutrition = `/menu/product/${p.productNumber}/${encodeURIComponent(p.formCode)}/nutrition`;
  const cal = size ? `<p class="product-cal">${escapeHtml(`${size.nutrition.calories} calories${size.displaySize ? ` · ${size.displaySize}` : ''}`)}</p>` : '';
  return (
    '<section class="page order-page product-page">' +
    `<nav aria-label="Breadcrumb" class="crumbs"><a href="/menu">Menu</a> <span aria-hidden="true">/</span> <a href="${escapeHtml(back)}">Back to ${p.productType === 'Food' ? 'food' : 'drinks'}</a></nav>` +
    `<header class="product-hero"><img src="${escapeHtml(p.imageURL)}" alt="" width="160" height="160" class="product-image" fetchpriority="high">` +
    `<div><h1>${escapeHtml(p.name)}</h1><p class="product-desc">${escapeHtml(p.description)}</p>${cal}<a href="${escapeHtml(nutrition)}">Nutrition and allergens</a></div></header>` +
    '</section>'
  );
}

/** the head's preload of the image (found by preloadProductImage, which then adds none) */
export const productImagePreload = (p: Pick<ProductDetail, 'imageURL'>) => `<link rel="preload" as="image" href="${escapeHtml(p.imageURL)}" fetchpriority="high">`;
