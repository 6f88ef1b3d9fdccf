import type { Db } from '../db.ts';

/**
 * The home stream's editorial content (docs/home.md 3.4): member items (content and information, each exercising one
 * display rule of spec 5 the client applies) and guest items (the unauthenticated stream). `seedStreamIfEmpty` runs
 * after the other seeds and on databases seeded before it existed. The onboarding texts are constants in
 * server/home/onboarding.ts, not rows.
 */
const OPEN = '2026-01-01T00:00:00Z';

export const STREAM_CONTENT = [
  {
    content_id: 'member-oatmilk-latte',
    audience: 'member',
    item_type: 'content',
    rank: 110,
    start_date: OPEN,
    end_date: null,
    tiers: null,
    item: {
      title: 'Try the new Oatmilk Latte',
      body: 'Smooth espresso and creamy oatmilk, made your way.',
      image: '/rewards/card-rewarded.svg',
      imagelinkisvideo: false,
      enablecalltoaction: true,
      calltoactiontext: 'Order now',
      calltoactionlink: '/menu',
      calltoactiontype: 'Link',
    },
  },
  {
    // CTA off: the flag is on but the link text is empty (spec 5)
    content_id: 'member-double-stars',
    audience: 'member',
    item_type: 'content',
    rank: 120,
    start_date: OPEN,
    end_date: null,
    tiers: null,
    item: {
      title: 'Double Stars weekend',
      body: 'Earn 2 Stars per dollar on every order this weekend.',
      image: '/rewards/card-earn.svg',
      enablecalltoaction: true,
      calltoactiontext: '',
      calltoactionlink: '/menu',
      legalfooter: 'Stars are added within 24 hours. Excludes alcohol and gift cards.',
    },
  },
  {
    // tiers [1]: sent by the server, hidden by the client (spec 5: only when the tiers include 2)
    content_id: 'member-green-news',
    audience: 'member',
    item_type: 'information',
    rank: 130,
    start_date: OPEN,
    end_date: null,
    tiers: [1],
    item: { title: 'Green members: free syrup Mondays', body: 'Add a syrup to any drink on Mondays at no charge.' },
  },
  {
    content_id: 'member-gold-news',
    audience: 'member',
    item_type: 'information',
    rank: 140,
    start_date: OPEN,
    end_date: null,
    tiers: [1, 2],
    item: { title: 'Members get early access', body: 'Holiday drinks arrive for members one day early.' },
  },
  {
    // ended: dropped by the server
    content_id: 'member-ended-2024',
    audience: 'member',
    item_type: 'content',
    rank: 150,
    start_date: '2024-11-01T00:00:00Z',
    end_date: '2025-01-01T00:00:00Z',
    tiers: null,
    item: { title: 'Holiday cups are back', body: 'Our 2024 holiday cups are here.' },
  },
  {
    // no body: sent by the server, dropped by the client (spec 5: needs a title and a body)
    content_id: 'member-no-body',
    audience: 'member',
    item_type: 'content',
    rank: 160,
    start_date: OPEN,
    end_date: null,
    tiers: null,
    item: { title: 'Coming soon' },
  },
  {
    content_id: 'guest-order-ahead',
    audience: 'guest',
    item_type: 'content',
    rank: 10,
    start_date: OPEN,
    end_date: null,
    tiers: null,
    item: {
      title: 'Order ahead, skip the line',
      body: 'Choose a store, order on the web and pick it up when it is ready.',
      image: { url: '/rewards/card-earn.svg' },
      callToAction: { Type: 'Link', Link: '/menu', Text: 'Start an order', enable: true },
    },
  },
  {
    // Type 'Deeplink': CTA off for guests (spec 5)
    content_id: 'guest-join-rewards',
    audience: 'guest',
    item_type: 'content',
    rank: 20,
    start_date: OPEN,
    end_date: null,
    tiers: null,
    item: {
      title: 'Join Harbor Rewards',
      body: 'Earn Stars on every purchase and redeem them for free drinks and food.',
      image: { url: '/rewards/card-benefits.svg' },
      callToAction: { Type: 'Deeplink', Link: 'harbor://rewards/join', Text: 'Join in the app', enable: true },
    },
  },
  {
    content_id: 'guest-rewards-carousel',
    audience: 'guest',
    item_type: 'carousel',
    rank: 30,
    start_date: OPEN,
    end_date: null,
    tiers: null,
    item: {
      title: 'What your Stars can get you',
      body: 'Redeem from 25 Stars.',
      carouselItem: [
        { text: '25 Stars: a flavour shot or extra espresso', image: { url: '/rewards/tier-25.svg' } },
        { text: '100 Stars: brewed coffee or a bakery item', image: { url: '/rewards/tier-100.svg' } },
        { text: '200 Stars: a handcrafted drink or hot breakfast', image: { url: '/rewards/tier-200.svg' } },
      ],
    },
  },
  {
    content_id: 'guest-ended-2024',
    audience: 'guest',
    item_type: 'content',
    rank: 40,
    start_date: '2024-11-01T00:00:00Z',
    end_date: '2025-01-01T00:00:00Z',
    tiers: null,
    item: { title: 'Holiday cups are back', body: 'Our 2024 holiday cups are here.' },
  },
] as const;

/** Seeds the stream content once (stream_content empty); returns the count or null. */
export async function seedStreamIfEmpty(db: Db): Promise<number | null> {
  const already = await db.query('select 1 from stream_content limit 1').catch(() => null);
  if (!already || already.rows.length) return null;
  return db.transaction(async (tx) => {
    // two processes seeding one PostgreSQL database: the second waits here, then finds the rows there
    await tx.query('lock table stream_content in exclusive mode');
    if ((await tx.query('select 1 from stream_content limit 1')).rows.length) return null;
    for (const r of STREAM_CONTENT) {
      await tx.query(
        `insert into stream_content (content_id, audience, item_type, rank, start_date, end_date, tiers, item, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7::integer[], $8::jsonb, $5)`,
        [r.content_id, r.audience, r.item_type, r.rank, r.start_date, r.end_date, r.tiers ? [...r.tiers] : null, JSON.stringify(r.item)],
      );
    }
    return STREAM_CONTENT.length;
  });
}
