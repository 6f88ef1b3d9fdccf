import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDb } from '../test/db.ts';
import { clearCatalog } from '../ordering/catalog.ts';
import { fillIndexShell, shellHtml } from '../../scripts/page-shells-build.ts';
import { PRODUCT_SHELL, PRODUCT_TOP_MARKER } from '../../src/views/shell/product-shell.ts';
import { pageHtml } from './product-shell.ts';

/**
 * A product page's first HTML (issue 32, src/views/shell/product-shell.ts): the build's template filled by the
 * server with the product of its menu (title, image preload, name, image); the generic shell for anything else.
 */
const INDEX = '<!doctype html><html lang="en"><head><title>Harbor Coffee</title><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"><!--app-shell--></div></body></html>';
const url = (p: string) => new URL(p, 'http://localhost');
let dist = '';
let generic = '';

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'product-shell-'));
  generic = fillIndexShell(INDEX);
  writeFileSync(path.join(dist, 'index.html'), generic);
  mkdirSync(path.join(dist, 'shells'));
  writeFileSync(path.join(dist, 'shells', 'manifest.json'), '{}');
  writeTemplate();
});
/** the template as scripts/page-shells-build.ts writes it (writeProductTemplate) */
const writeTemplate = () =>
  writeFileSync(path.join(dist, 'shells', PRODUCT_SHELL.file), shellHtml(generic, { path: PRODUCT_SHELL.key, routeIds: [PRODUCT_SHELL.routeId], chrome: 'full', top: PRODUCT_TOP_MARKER }, '.product-hero{display:flex}'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

forEachDb('product page first HTML', ({ db }) => {
  const html = (p: string) => pageHtml(dist, url(p), { db: db(), brandName: 'Harbor Coffee' });

  it("carries a known product's title, image preload, name and image, from the menu", async () => {
    for (const p of ['/menu/product/2015/hot', '/menu/product/2015/hot/', '/menu/product/2015/hot?size=tall']) {
      const page = (await html(p))!;
      const head = page.slice(0, page.indexOf('</head>'));
      expect(head, p).toContain('<title>Caffè Latte | Harbor Coffee</title>');
      expect(head, p).toContain('<link rel="preload" as="image" href="/images/menu/p-2015.svg" fetchpriority="high">');
      // the preload comes before the stylesheet: the image's request does not wait for it
      expect(head.indexOf('rel="preload" as="image"'), p).toBeLessThan(head.indexOf('rel="stylesheet"'));
      expect(page, p).toContain('<h1>Caffè Latte</h1>');
      expect(page, p).toContain('<img src="/images/menu/p-2015.svg" alt="" width="160" height="160" class="product-image" fetchpriority="high">');
      expect(page, p).toContain('<p class="product-cal">190 calories · 16 fl oz</p>');
      expect(page, p).toContain('<a href="/menu/drinks/hot-coffees">Back to drinks</a>');
      expect(page, p).toContain('<style>.product-hero{display:flex}</style>');
      expect(page, p).not.toContain(PRODUCT_TOP_MARKER);
    }
  });

  it('sends the generic shell for a product, form or path the menu does not have', async () => {
    for (const p of [
      '/menu/product/99999999/hot', // no such product
      '/menu/product/2015/iced-nonsense', // no such form of it
      '/menu/product/2015/HOT', // not a form code (the route sends it to /menu)
      '/menu/product/2015/hot/nutrition', // another page
      '/menu/product/$productNumber/$formCode', // the template's own key is no page
      '/menu/product/002015x/hot',
    ]) {
      expect(await html(p), p).toBe(generic);
    }
    // the bag fee is a hidden product: the API answers 404 for it, and so does the page
    const hidden = await db().query<{ product_number: number; form_code: string }>('select p.product_number, f.form_code from menu_products p join menu_forms f using (product_number) where p.hidden limit 1');
    expect(hidden.rows).toHaveLength(1);
    expect(await html(`/menu/product/${hidden.rows[0]!.product_number}/${hidden.rows[0]!.form_code}`)).toBe(generic);
  });

  it("escapes the menu's texts", async () => {
    const hostile = `</title><script>alert("x")</script><img src=x onerror='y'>&amp;`;
    await db().query('update menu_products set name = $1, description = $2 where product_number = 2015', [hostile, `${hostile} desc`]);
    clearCatalog(db());
    try {
      const page = (await html('/menu/product/2015/hot'))!;
      expect(page).not.toContain('<script>alert');
      expect(page).not.toContain("onerror='y'");
      const escaped = '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;amp;';
      expect(page).toContain(`<title>${escaped} | Harbor Coffee</title>`);
      expect(page).toContain(`<h1>${escaped}</h1>`);
      expect(page).toContain(`<p class="product-desc">${escaped} desc</p>`);
    } finally {
      await db().query("update menu_products set name = 'Caffè Latte', description = 'Caffè Latte. Rich espresso with steamed milk, made to order.' where product_number = 2015");
      clearCatalog(db());
    }
  });

  it('sends the generic shell from a build without the template', async () => {
    rmSync(path.join(dist, 'shells', PRODUCT_SHELL.file));
    try {
      expect(await html('/menu/product/2015/hot')).toBe(generic);
    } finally {
      writeTemplate();
    }
  });
});
