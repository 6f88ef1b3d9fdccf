/**
 * Which page of a loaded menu a URL shows (spec 1 section 2): /menu lists every menu's categories; /menu/{menu}/
 * {category} shows one section when the category has products, else one section per subcategory (empty ones left
 * out); /menu/{menu}/{category}/{subcategory} shows that subcategory. A missing menu, category or subcategory, or a
 * category with no content, is not found (404).
 */
import type { Menu, MenuCategory, MenuResponse, ProductTile } from '../contracts/ordering.ts';

export interface MenuSection {
  id: string;
  title: string;
  products: ProductTile[];
}
export type MenuPage =
  | { kind: 'category'; menu: Menu; category: MenuCategory; sections: MenuSection[]; subcategory: string | null }
  | { kind: 'notFound' };

export function categoryPage(data: MenuResponse, params: { menu: string; category: string; subcategory?: string | undefined }): MenuPage {
  const menu = data.menus.find((m) => m.path === params.menu);
  const category = menu?.categories.find((c) => c.path === params.category);
  if (!menu || !category) return { kind: 'notFound' };
  if (params.subcategory !== undefined) {
    const sub = category.subcategories.find((s) => s.path === params.subcategory);
    if (!sub || !sub.products.length) return { kind: 'notFound' };
    return { kind: 'category', menu, category, subcategory: sub.path, sections: [{ id: sub.id, title: sub.name, products: sub.products }] };
  }
  if (category.products.length) return { kind: 'category', menu, category, subcategory: null, sections: [{ id: category.id, title: category.name, products: category.products }] };
  const sections = category.subcategories.filter((s) => s.products.length).map((s) => ({ id: s.id, title: s.name, products: s.products }));
  return sections.length ? { kind: 'category', menu, category, subcategory: null, sections } : { kind: 'notFound' };
}

/** product number → availability at the store, for the cart's availability update (a product on no menu is missing) */
export function menuAvailability(data: MenuResponse): Record<string, ProductTile['availability']> {
  const out: Record<string, ProductTile['availability']> = {};
  const add = (p: ProductTile) => void (out[String(p.productNumber)] = p.availability);
  for (const m of data.menus) for (const c of m.categories) {
    c.products.forEach(add);
    for (const s of c.subcategories) s.products.forEach(add);
  }
  data.featured.forEach(add);
  return out;
}
