/**
 * The client part of `npm run bench:order`: the gzipped JavaScript loaded by /menu and by a product page (entry
 * chunk and its static imports plus the route's split chunks), from the build manifest (scripts/bundle-size.ts).
 * Runnable alone after `npm run build`: node --import tsx scripts/bench-order-bundle.ts
 */
import { pathToFileURL } from 'node:url';
import { firstRouteBytes } from './bundle-size.ts';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function orderBundleSection(): Promise<void> {
  const menu = await firstRouteBytes('dist', 'src/routes/menu.index.tsx');
  const product = await firstRouteBytes('dist', 'src/routes/menu.product.$productNumber.$formCode.tsx');
  const cart = await firstRouteBytes('dist', 'src/routes/menu.cart.tsx');
  console.log('\nJavaScript loaded (gzip, level 9; entry + the route\'s chunks):');
  console.log(`  entry alone            ${kb(menu.entryGz)}`);
  console.log(`  /menu                  ${kb(menu.totalGz)}  (${(menu.totalGz / menu.entryGz).toFixed(2)}x the entry)`);
  console.log(`  /menu/product/…        ${kb(product.totalGz)}  (${(product.totalGz / menu.entryGz).toFixed(2)}x the entry)`);
  console.log(`  /menu/cart             ${kb(cart.totalGz)}  (${(cart.totalGz / menu.entryGz).toFixed(2)}x the entry)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void orderBundleSection();
