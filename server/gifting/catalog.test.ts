import { describe, expect, it } from 'vitest';
import { print } from 'graphql';
import { documents } from '../../src/services/gifting/catalog.graphql.ts';
import { anotherProcess, appFor, backends, forEachDb, openTestDb, testClient, until } from '../test/db.ts';
import { startCacheInvalidation } from '../db/invalidation.ts';
import { giftCatalog } from './catalog.ts';

/**
 * The eGift catalog over GraphQL (GET_DIGITAL_GIFTS, GET_DIGITAL_GIFT_CARD; docs/gifting.md sections 1, 4): the
 * seeded 4 categories × 3 designs in order, a retired design that loads as unavailable, the errors of a bad or
 * unknown product number, and the per-process cache emptied by migration 051's NOTIFY 'gifts'.
 */
type Gql = { status: number; json: { data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string; field?: string; status: number } }> } }; // eslint-disable-line @typescript-eslint/no-explicit-any


forEachDb('eGift catalog (GraphQL)', ({ db }) => {
  const client = () => testClient(appFor(db()));
  const gql = async (name: keyof typeof documents, variables: Record<string, unknown>) =>
    (await client().post('/apiproxy/v1/graphql', { query: print(documents[name]), variables })) as unknown as Gql;

  it('GET_DIGITAL_GIFTS lists the four categories in order, each with its three available designs and their art', async () => {
    const r = await gql('GET_DIGITAL_GIFTS', { locale: 'en-US' });
    expect(r.status).toBe(200);
    const categories = r.json.data!.gift.categories as Array<{ urn: string; name: string; eGifts: Array<{ productNumber: string; altText: string; largeImageUrl: string }> }>;
    expect(categories.map((c) => [c.urn, c.name])).toEqual([
      ['birthday', 'Birthday'],
      ['thank-you', 'Thank you'],
      ['congratulations', 'Congratulations'],
      ['holiday', 'Holiday'],
    ]);
    expect(categories.map((c) => c.eGifts.map((g) => g.productNumber))).toEqual([
      ['11000001', '11000002', '11000003'],
      ['12000001', '12000002', '12000003'],
      ['13000001', '13000002', '13000003'],
      ['14000001', '14000002', '14000003'],
    ]);
    expect(categories[0]!.eGifts[0]).toEqual({ productNumber: '11000001', altText: 'Birthday eGift: balloons rising over a coffee cup', largeImageUrl: '/gift/art/birthday-balloons.svg' });
    // the retired design is not offered in the catalog
    expect(categories.flatMap((c) => c.eGifts.map((g) => g.productNumber))).not.toContain('19000099');
  });

  it('GET_DIGITAL_GIFT_CARD answers one design; the retired 19000099 loads with available false', async () => {
    const r = await gql('GET_DIGITAL_GIFT_CARD', { productNumber: '12000002', locale: 'en-US' });
    expect(r.json.data!.giftCard).toEqual({
      productNumber: '12000002',
      altText: 'Thank-you eGift: two coffee cups side by side with a heart',
      largeImageUrl: '/gift/art/thank-you-cups.svg',
      categoryUrn: 'thank-you',
      available: true,
    });
    const retired = await gql('GET_DIGITAL_GIFT_CARD', { productNumber: '19000099', locale: 'en-US' });
    expect(retired.json.data!.giftCard).toMatchObject({ productNumber: '19000099', categoryUrn: 'holiday', available: false });
  });

  it('an unknown product number is 404 GIFT_NOT_FOUND with the spec text; one not 8 digits is 400 naming productNumber', async () => {
    const unknown = await gql('GET_DIGITAL_GIFT_CARD', { productNumber: '99999999', locale: 'en-US' });
    expect(unknown.json.data ?? null).toBeNull();
    expect(unknown.json.errors![0]!.extensions).toMatchObject({ code: 'GIFT_NOT_FOUND', status: 404, message: 'Could not find the card(s) you were looking for.' });
    for (const productNumber of ['1234', '123456789', '1234567a', '']) {
      const bad = await gql('GET_DIGITAL_GIFT_CARD', { productNumber, locale: 'en-US' });
      expect(bad.json.errors![0]!.extensions, productNumber).toMatchObject({ code: 'BAD_REQUEST', status: 400, field: 'productNumber' });
    }
    const locale = await gql('GET_DIGITAL_GIFTS', { locale: 'xx' });
    expect(locale.json.errors![0]!.extensions).toMatchObject({ code: 'BAD_REQUEST', status: 400, field: 'locale' });
  });

  it('a change to a catalog table empties the cache at once (NOTIFY gifts): the next read has the change', async () => {
    const unlisten = await startCacheInvalidation(db());
    const before = await giftCatalog(db());
    try {
      await db().query(`update gift_products set alt_text = 'Renamed design' where product_number = '11000002'`);
      expect(await until(async () => (await giftCatalog(db())).products.get('11000002')?.altText === 'Renamed design')).toBe(true);
      const r = await gql('GET_DIGITAL_GIFT_CARD', { productNumber: '11000002', locale: 'en-US' });
      expect(r.json.data!.giftCard.altText).toBe('Renamed design');
      const cached = await giftCatalog(db());
      await db().query(`update gift_categories set name = name`);
      expect(await until(async () => (await giftCatalog(db())) !== cached)).toBe(true);
    } finally {
      await db().query(`update gift_products set alt_text = $1 where product_number = '11000002'`, [before.products.get('11000002')!.altText]);
      await unlisten();
    }
  });

  it('the schema keeps its rules: product numbers 8 digits, art names path-safe, one sort per category', async () => {
    await expect(db().query(`insert into gift_products (product_number, category_urn, alt_text, art, sort) values ('123', 'birthday', 'x', 'a', 50)`)).rejects.toThrow(/gift_products_number/);
    await expect(db().query(`insert into gift_products (product_number, category_urn, alt_text, art, sort) values ('11000009', 'birthday', 'x', '../etc', 50)`)).rejects.toThrow(/gift_products_art/);
    await expect(db().query(`insert into gift_products (product_number, category_urn, alt_text, art, sort) values ('11000009', 'birthday', 'x', 'a', 1)`)).rejects.toThrow(/gift_products_sort/);
  });
});

describe('eGift catalog cache across processes [postgres]', () => {
  it.runIf(backends().includes('postgres'))("a design renamed through one pool shows at once in another pool's catalog", async () => {
    const a = await openTestDb('postgres');
    const b = await anotherProcess(a);
    const stopA = await startCacheInvalidation(a);
    const stopB = await startCacheInvalidation(b);
    try {
      expect((await giftCatalog(b)).products.get('13000001')?.altText).toBe('Congratulations eGift: a gold trophy with stars');
      await a.query(`update gift_products set alt_text = 'Edited in another process' where product_number = '13000001'`);
      expect(await until(async () => (await giftCatalog(b)).products.get('13000001')?.altText === 'Edited in another process')).toBe(true);
    } finally {
      await stopA();
      await stopB();
      await b.close();
      await a.close();
    }
  });
});
