import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProductDetail } from '../../contracts/ordering.ts';
import { escapeHtml } from '../../contracts/html.ts';
import type { Db } from '../db/db.ts';
import { menuProduct } from '../ordering/product.ts';
import { appShellHtml, type ShellConfigOff } from './page-shell.ts';
import { PRODUCT_SHELL, PRODUCT_TOP_MARKER, productImagePreload, productPathParams, productTitle, productTop } from '../../src/views/shell/product-shell.ts';

/**
 * A product page's first HTML (src/views/shell/product-shell.ts): the build's template (dist/shells/menu.product.html)
 * filled with the product of the menu the server has in memory (server/ordering/catalog.ts): its title, the
 * preload of its image and the page's top. null (the caller sends the generic shell) for any other path, a product
 * or form the menu does not have (or hides), or a build without the template.
 */
export function fillProductShell(template: string, p: ProductDetail, brandName: string): string | null {
  if (!template.includes(PRODUCT_TOP_MARKER) || !/<title>[^<]*<\/title>/.test(template)) return null;
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(productTitle(p, brandName))}</title>${productImagePreload(p)}`)
    .replace(PRODUCT_TOP_MARKER, () => productTop(p));
}

export async function productShellHtml(distDir: string, url: URL, db: Db, brandName: string): Promise<string | null> {
  const params = productPathParams(url.pathname);
  if (!params) return null;
  const product = await menuProduct(db, params.productNumber, params.formCode).catch(() => null);
  if (!product) return null;
  const template = await readFile(path.join(distDir, 'shells', PRODUCT_SHELL.file), 'utf8').catch(() => null);
  return template ? fillProductShell(template, product, brandName) : null;
}

/** the HTML of any page the app draws (server/main.ts): a product page's filled template, else the path's shell */
export async function pageHtml(distDir: string, url: URL, opts: { db: Db; brandName: string; configOff?: ShellConfigOff }): Promise<string | null> {
  return (await productShellHtml(distDir, url, opts.db, opts.brandName)) ?? (await appShellHtml(distDir, url, opts.configOff));
}
