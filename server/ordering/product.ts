import { OrderingCodes, PricingCodes } from '../../contracts/ordering.ts';
import type { Db } from '../db/db.ts';
import { catalog, defaultForm, productDetail, storeCtx } from './catalog.ts';
import { orderingError } from './errors.ts';

/** get-product and REST GET /apiproxy/v1/ordering/{productNumber} */
export async function productResponse(db: Db, input: { productNumber: number; formCode?: string; storeNumber?: string; locale: string }) {
  const cat = await catalog(db);
  const p = cat.products.get(input.productNumber);
  if (!p || p.hidden) throw orderingError(OrderingCodes.productNotFound, { field: 'productNumber' });
  const formCode = input.formCode ?? defaultForm(cat, p.product_number);
  if (!cat.forms.get(p.product_number)?.some((f) => f.form_code === formCode)) throw orderingError(OrderingCodes.productNotFound, { field: 'formCode' });
  let s = null;
  if (input.storeNumber) {
    s = await storeCtx(db, input.storeNumber);
    if (!s) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  }
  return { products: [productDetail(cat, p, formCode, s, input.locale)] };
}


/**
 * The product as the menu has it for no store (the prerendered product page: server/http/product-shell.ts), or
 * null for a product or form the menu does not have or hides (what productResponse answers with a 404).
 */
export async function menuProduct(db: Db, productNumber: number, formCode: string) {
  const cat = await catalog(db);
  const p = cat.products.get(productNumber);
  if (!p || p.hidden || !cat.forms.get(p.product_number)?.some((f) => f.form_code === formCode)) return null;
  return productDetail(cat, p, formCode, null, 'en-US');
}
