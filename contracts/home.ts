import * as v from 'valibot';

/**
 * Home stream contracts (spec 3 sections 3 "Rewards and stream entities", 4 "Home stream", 5 "Stream filtering", 7;
 * docs/home.md sections 3.1–3.3 and 4): the valibot shapes of the two stream-items calls and the onboarding seen call,
 * shared by the server (server/home/) and the client (src/services/home/stream.ts, machines/home-stream-filter.ts).
 * Timestamps are ISO 8601 strings as `Date.prototype.toISOString()` writes them.
 *
 * The server drops expired items and types not asked for; every other display rule of spec 5 (tiers, coupon status,
 * duplicates, title/body, rewardPoints < 1, SvcReload, Purchase on phones) is the client's, so the shapes below keep
 * fields optional where the spec lets the client drop an item for lacking them.
 */

const IsoTime = v.pipe(v.string(), v.isoTimestamp('Give the time as an ISO 8601 timestamp.'));
const Int = v.pipe(v.number(), v.integer());

/** the stream's item types (spec 5 "An item type must be enabled in settings"; the query's streamItemTypes) */
export const STREAM_ITEM_TYPES = ['coupon', 'rewardPointsExpiration', 'information', 'onboarding', 'content'] as const;
export type StreamItemType = (typeof STREAM_ITEM_TYPES)[number];
/** the app's locales (as server/ordering/routes.ts negotiates them) */
export { STREAM_LOCALES } from './home-constants.ts';
import { STREAM_LOCALES } from './home-constants.ts';
/** the server's sources (docs/home.md 3.1); a 206 names the failed ones in `failedSources` */
export const STREAM_SOURCES = ['coupons', 'starExpiry', 'tier', 'onboarding', 'editorial'] as const;
export type StreamSource = (typeof STREAM_SOURCES)[number];
/** onboarding task names (spec 3); SvcReload is sent but never shown (spec 5) */
export const ONBOARDING_TASKS = ['MOP', 'Purchase', 'SvcReload'] as const;
export type OnboardingTaskName = (typeof ONBOARDING_TASKS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Query (both calls): ?locale=&streamItemTypes=&streamItemStatus=active[&modifiedSince=ISO time]

const StreamItemTypesParam = v.pipe(
  v.string('Give streamItemTypes as a comma-separated list.'),
  v.transform((s) => s.split(',').map((t) => t.trim())),
  v.array(v.picklist(STREAM_ITEM_TYPES, `streamItemTypes takes ${STREAM_ITEM_TYPES.join(', ')}.`)),
  v.minLength(1, 'Give at least one stream item type.'),
);

/** 400 BAD_REQUEST naming the parameter (`field`) otherwise */
export const StreamItemsQuery = v.object({
  locale: v.picklist(STREAM_LOCALES, `locale must be one of ${STREAM_LOCALES.join(', ')}.`),
  streamItemTypes: StreamItemTypesParam,
  streamItemStatus: v.literal('active', 'streamItemStatus must be active.'),
  modifiedSince: v.optional(v.pipe(v.string(), v.isoTimestamp('modifiedSince must be an ISO 8601 time.'))),
});
export type StreamItemsQuery = v.InferOutput<typeof StreamItemsQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Signed-in stream items (GET /apiproxy/v1/stream-items)

/** spec 3 content.item (editorial and information items); CTA rule of spec 5: enablecalltoaction && text && link */
export const StreamContentItem = v.object({
  title: v.optional(v.string()),
  body: v.optional(v.string()),
  image: v.optional(v.string()),
  imagelink: v.optional(v.string()),
  imagelinkisvideo: v.optional(v.boolean()),
  enablecalltoaction: v.optional(v.boolean()),
  calltoactiontext: v.optional(v.string()),
  calltoactionlink: v.optional(v.string()),
  calltoactiondeeplink: v.optional(v.string()),
  calltoactiontype: v.optional(v.string()),
  calltoaction2text: v.optional(v.string()),
  calltoactionlinkalttext: v.optional(v.string()),
  legalfooter: v.optional(v.string()),
});
export type StreamContentItem = v.InferOutput<typeof StreamContentItem>;

/** fields every signed-in item has (spec 3: streamItemId, streamItemType, fill.type, startDate, endDate, rank, legalfooter) */
const base = {
  streamItemId: v.string(),
  startDate: IsoTime,
  /** null: no end; the server never sends an item whose endDate has passed */
  endDate: v.nullable(IsoTime),
  /** ascending = first (onboarding 10, star expiry 20, coupons 30+n, tier 40, editorial 100+) */
  rank: Int,
  legalfooter: v.optional(v.string()),
};

export const CouponStreamItem = v.object({
  ...base,
  streamItemType: v.literal('coupon'),
  fill: v.object({ type: v.literal('rewardsCoupon') }),
  rewardsCoupon: v.object({
    coupon: v.object({
      couponCode: v.string(),
      /** 'Available' | 'Redeemed' | 'Expired' from the server; the client compares ignoring case (spec 4) */
      status: v.string(),
      startDate: IsoTime,
      /** YYYY-MM-DD (UTC) */
      startDateOnly: v.string(),
      expirationDate: IsoTime,
      expirationDateOnly: v.string(),
    }),
  }),
});
export type CouponStreamItem = v.InferOutput<typeof CouponStreamItem>;

export const StarExpiryStreamItem = v.object({
  ...base,
  streamItemType: v.literal('rewardPointsExpiration'),
  fill: v.object({ type: v.literal('rewardPointsExpiration') }),
  rewardPointsExpiration: v.object({
    /** the member's Star balance (card button: under 25 'Order', else the reload control) */
    rewardPointsTotal: v.number(),
    nextRewardPointsExpirationEvent: v.object({
      rewardPointsExpirationEvent: v.object({ rewardPoints: v.number(), expirationDate: IsoTime }),
    }),
  }),
});
export type StarExpiryStreamItem = v.InferOutput<typeof StarExpiryStreamItem>;

export const InformationStreamItem = v.object({
  ...base,
  streamItemType: v.literal('information'),
  fill: v.object({ type: v.literal('information') }),
  /** shown only when some tierId is 2 (spec 5); the tier item carries the member's level (Green 1, Gold 2) */
  information: v.object({ segmentation: v.object({ tiers: v.array(v.object({ tierId: Int })) }) }),
  content: v.object({ item: StreamContentItem }),
});
export type InformationStreamItem = v.InferOutput<typeof InformationStreamItem>;

export const OnboardingTaskItem = v.object({
  task: v.object({
    name: v.picklist(ONBOARDING_TASKS),
    /** when the member completed it (first mobile order, in-store purchase, reload); null: open */
    completedOn: v.nullable(IsoTime),
    displayOrder: Int,
  }),
  title: v.string(),
  body: v.string(),
  icon: v.string(),
  calltoactiontext: v.string(),
  calltoactionlink: v.string(),
  titleDone: v.string(),
  bodyDone: v.string(),
  iconDone: v.string(),
  calltoactiontextDone: v.string(),
  calltoactionlinkDone: v.string(),
  /** PUT /stream-items/onboarding/seen recorded it */
  seen: v.boolean(),
});
export type OnboardingTaskItem = v.InferOutput<typeof OnboardingTaskItem>;

export const OnboardingStreamItem = v.object({
  ...base,
  streamItemType: v.literal('onboarding'),
  fill: v.object({ type: v.literal('onboarding') }),
  /** 'complete' when MOP and Purchase are both completed */
  onboardingStatus: v.picklist(['active', 'complete']),
  /** the item is sent until then (join + 90 days) */
  expires: IsoTime,
  onboardingContent: v.object({
    items: v.array(OnboardingTaskItem),
    /** dollars; the balance of the member's first card when registered; null: no card registered. Low: under 5 */
    initialRegisteredCardBalance: v.nullable(v.number()),
    cardheader: v.string(),
  }),
});
export type OnboardingStreamItem = v.InferOutput<typeof OnboardingStreamItem>;

export const ContentStreamItem = v.object({
  ...base,
  streamItemType: v.literal('content'),
  fill: v.object({ type: v.literal('content') }),
  content: v.object({ item: StreamContentItem }),
});
export type ContentStreamItem = v.InferOutput<typeof ContentStreamItem>;

export const StreamItem = v.variant('streamItemType', [CouponStreamItem, StarExpiryStreamItem, InformationStreamItem, OnboardingStreamItem, ContentStreamItem]);
export type StreamItem = v.InferOutput<typeof StreamItem>;

/**
 * 200 (complete) or 206 (`partial: true`, `failedSources` named: the other sources' items are present). A 304 has
 * no body (the client treats it as an empty stream and keeps its cards). `lastModified` is also the Last-Modified
 * header; send it back as `modifiedSince`.
 */
export const StreamItemsAnswer = v.object({
  streamItems: v.array(StreamItem),
  lastModified: IsoTime,
  partial: v.optional(v.literal(true)),
  failedSources: v.optional(v.array(v.picklist(STREAM_SOURCES))),
});
export type StreamItemsAnswer = v.InferOutput<typeof StreamItemsAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Guest stream items (GET /apiproxy/v1/unauth/stream-items; 404 NOT_FOUND when the unauthenticated stream is off)

/** CTA rule for guests (spec 5): enable && Text && Link && Type === 'Link' */
export const GuestCallToAction = v.object({ Type: v.string(), Link: v.string(), Text: v.string(), enable: v.boolean() });
export type GuestCallToAction = v.InferOutput<typeof GuestCallToAction>;
const ImageRef = v.object({ url: v.string() });

export const GuestStreamItem = v.object({
  id: v.string(),
  /** 'content' | 'information' | 'carousel' */
  typeName: v.string(),
  content: v.object({
    title: v.optional(v.string()),
    body: v.optional(v.string()),
    image: v.optional(ImageRef),
    callToAction: v.optional(GuestCallToAction),
    callToAction2: v.optional(GuestCallToAction),
    carouselItem: v.optional(v.array(v.object({ text: v.string(), image: ImageRef }))),
  }),
  metadata: v.object({ endDate: v.nullable(IsoTime), overrideRank: Int }),
});
export type GuestStreamItem = v.InferOutput<typeof GuestStreamItem>;

export const GuestStreamItemsAnswer = v.object({
  streamItems: v.array(GuestStreamItem),
  lastModified: IsoTime,
  partial: v.optional(v.literal(true)),
  failedSources: v.optional(v.array(v.picklist(STREAM_SOURCES))),
});
export type GuestStreamItemsAnswer = v.InferOutput<typeof GuestStreamItemsAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// PUT /apiproxy/v1/stream-items/onboarding/seen (member, CSRF): the completed cards shown 5 s (spec 4)

export const OnboardingSeenRequest = v.strictObject({
  tasks: v.pipe(
    v.array(v.picklist(['MOP', 'Purchase'], 'tasks takes MOP and Purchase.')),
    v.minLength(1, 'Name at least one task.'),
    v.maxLength(2, 'Name at most two tasks.'),
    v.check((ts) => new Set(ts).size === ts.length, 'Name each task once.'),
  ),
});
export type OnboardingSeenRequest = v.InferOutput<typeof OnboardingSeenRequest>;

/** idempotent: a task already seen keeps its first seenAt */
export const OnboardingSeenAnswer = v.object({ seen: v.array(v.object({ task: v.picklist(['MOP', 'Purchase']), seenAt: IsoTime })) });
export type OnboardingSeenAnswer = v.InferOutput<typeof OnboardingSeenAnswer>;

/** 409 when a named task is not completed yet */
export const HomeErrorCodes = { taskNotComplete: 'TASK_NOT_COMPLETE' } as const;
