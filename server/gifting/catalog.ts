import { giftArtUrl, type GiftCategory, type GiftProduct } from '../../contracts/gift.ts';
import type { Queryable } from '../db/db.ts';

/**
 * The eGift catalog (spec 3 sections 2, 3; docs/gifting.md 3.1): categories in `sort` order, each with its available
 * designs in `sort` order; one design by product number (a retired one too, with `available: false`). Read once
 * per process and database and kept until a catalog table changes: migration 051's triggers NOTIFY
 * harbor_cache 'gifts' and server/db/invalidation.ts calls `clearGiftCatalog` in every process.
 */
export interface GiftCatalog {
  categories: GiftCategory[];
  /** every design, retired ones included, by product number */
  products: Map<string, GiftProduct>;
  /** category urn → its name */
  categoryNames: Map<string, string>;
}

interface CategoryRow {
  urn: string;
  name: string;
}
interface ProductRow {
  product_number: string;
  category_urn: string;
  alt_text: string;
  art: string;
  available: boolean;
}

const catalogs = new WeakMap<object, Promise<GiftCatalog>>();

/** The catalog of this database (cached per Db object). */
export function giftCatalog(db: Queryable): Promise<GiftCatalog> {
  let c = catalogs.get(db);
  if (!c) {
    const loading = loadGiftCatalog(db);
    catalogs.set(db, loading);
    loading.catch(() => {
      if (catalogs.get(db) === loading) catalogs.delete(db);
    });
    c = loading;
  }
  return c;
}

/** Drops the catalog of this database: the next read loads it again (migration 051, server/db/invalidation.ts). */
export function clearGiftCatalog(db: Queryable): void {
  catalogs.delete(db);
}

async function loadGiftCatalog(db: Queryable): Promise<GiftCatalog> {
  const [categories, products] = await Promise.all([
    db.query<CategoryRow>('select urn, name from gift_categories order by sort, urn'),
    db.query<ProductRow>('select product_number, category_urn, alt_text, art, available from gift_products order by category_urn, sort, product_number'),
  ]);
  const byNumber = new Map<string, GiftProduct>();
  const byCategory = new Map<string, GiftCategory['eGifts']>();
  for (const p of products.rows) {
    const product: GiftProduct = { productNumber: p.product_number, altText: p.alt_text, largeImageUrl: giftArtUrl(p.art), categoryUrn: p.category_urn, available: p.available };
    byNumber.set(p.product_number, product);
    if (!p.available) continue;
    const list = byCategory.get(p.category_urn) ?? [];
    list.push({ productNumber: product.productNumber, altText: product.altText, largeImageUrl: product.largeImageUrl });
    byCategory.set(p.category_urn, list);
  }
  return {
    categories: categories.rows.map((c) => ({ urn: c.urn, name: c.name, eGifts: byCategory.get(c.urn) ?? [] })),
    products: byNumber,
    categoryNames: new Map(categories.rows.map((c) => [c.urn, c.name])),
  };
}

/** One design by product number, retired ones included; null when unknown. */
export async function giftProduct(db: Queryable, productNumber: string): Promise<GiftProduct | null> {
  return (await giftCatalog(db)).products.get(productNumber) ?? null;
}
