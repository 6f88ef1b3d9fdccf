import * as v from 'valibot';
import { RewardsConfig } from './rewards-config.ts';

/** A store feature the locator knows. `code` is what stores carry and what the filter sends. */
export const Feature = v.object({
  code: v.string(),
  name: v.string(),
  /** shown to customers at all */
  public: v.boolean(),
  /** offered in the filter overlay */
  filterable: v.boolean(),
  /** filter overlay group: pickup options are listed apart from amenities */
  category: v.picklist(['pickup', 'amenity', 'service', 'hours']),
});
export type Feature = v.InferOutput<typeof Feature>;

export const AppConfig = v.object({
  env: v.picklist(['development', 'test', 'production']),
  brand: v.object({ name: v.string(), product: v.string(), customerServicePhone: v.string() }),
  features: v.array(Feature),
  mapDefaults: v.object({ lat: v.number(), lng: v.number(), zoom: v.number() }),
  map: v.object({
    /** when both are set the locator uses mapbox-gl; otherwise maplibre-gl with the bundled offline style */
    mapboxToken: v.nullable(v.string()),
    mapboxStyle: v.nullable(v.string()),
  }),
  orderingUrlRoot: v.string(),
  enableInAppDelivery: v.boolean(),
  delivery: v.object({ storefrontUrl: v.string(), faqUrl: v.string() }),
  locator: v.object({
    /** tabs Nearby / Previous / Favorites instead of the grouped list */
    tabMode: v.boolean(),
    /** geolocation counts as within threshold when accuracy (metres) is at most this */
    geolocationAccuracyThreshold: v.number(),
    inMapOriginationSourceLifetime: v.number(),
  }),
  account: v.object({
    showKeepMeSignedInCheckbox: v.boolean(),
    updatedTermsOfUseUrl: v.nullable(v.string()),
    cantAccessEmailUrl: v.string(),
    includePrivacyStatement: v.boolean(),
    includeStorageConsent: v.boolean(),
    checkGeneralEmailByDefault: v.boolean(),
  }),
  universal: v.object({ enableMfaFeatures: v.boolean() }),
  ordering: v.object({
    maximumItemAmount: v.number(),
    maximumModifierAmount: v.number(),
    mostRecentOrderStaleAfter: v.number(),
    productStaleAfter: v.number(),
    productRetryAfter: v.number(),
  }),
  /** stored-value cards and payments (spec 2 sections 3 and 9; amounts in cents; docs/cards.md) */
  cards: v.object({
    svcReloadOptions: v.array(v.number()),
    defaultSvcReloadOption: v.number(),
    triggerAmountOptions: v.array(v.number()),
    defaultTriggerAmountOption: v.number(),
    paymentOptions: v.object({ creditCard: v.boolean(), giftCard: v.boolean(), paypal: v.boolean(), venmo: v.boolean(), campusCard: v.boolean() }),
    guestPaymentTokenMaxAge: v.number(),
    appDownloadLink: v.string(),
    commonQuestionsUrl: v.string(),
    rewardsQuestionsUrl: v.string(),
  }),
  /** gifting (spec 3 sections 2, 3, 9; amounts in cents; docs/gifting.md section 0) */
  gifting: v.object({
    giftAmountOptions: v.array(v.number()),
    defaultGiftAmountOption: v.number(),
    /** custom amount bounds (GIFT_CUSTOM_AMOUNT_MIN/_MAX); the message text stays '$5 to $100' whatever they are */
    customAmountMin: v.number(),
    customAmountMax: v.number(),
    /** the catalog's 'Check your card balance' link: '/gift#check-balance', or '/account/cards' when the check is off */
    cardBalanceUrl: v.string(),
    showBulkGiftBanner: v.boolean(),
    unauthCardBalanceCheckEnabled: v.boolean(),
    /** the delay before the first status poll (the POST answers it as `delay`) */
    statusDelayMs: v.number(),
  }),
  /** rewards programme (spec 3; docs/rewards.md 4.1): the next-generation-loyalty flag, levels, benefits, hotel partner */
  rewards: RewardsConfig,
  /** home stream (spec 3 "Configuration"; docs/home.md 4): the unauthenticated-stream flag and the enabled stream item types */
  home: v.object({ unauthStreamEnabled: v.boolean(), streamItemTypes: v.array(v.string()) }),
  /** live order status (docs/order-status.md 0): what the client's feed reads (server heartbeat, polling, reconnect backoff) */
  orderStatus: v.object({ heartbeatMs: v.number(), pollMs: v.number(), reconnectBaseMs: v.number(), reconnectMaxMs: v.number(), maxFailures: v.number() }),
  /** developer matter (the Dev outbox link, the offline map's token note) is shown only where this is on: dev tools on
   * and the caller on this machine (server/routes/core.ts) */
  devTools: v.boolean(),
});
export type AppConfig = v.InferOutput<typeof AppConfig>;
