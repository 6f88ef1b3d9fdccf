import type { AppConfig, Feature } from '../contracts/config.ts';
import { DEFAULT_GIFT_AMOUNT_OPTION, GIFT_AMOUNT_OPTIONS, GIFT_CUSTOM_AMOUNT_MAX, GIFT_CUSTOM_AMOUNT_MIN, GIFT_STATUS_DELAY_MS } from '../contracts/gift.ts';
import { STREAM_ITEM_TYPES } from '../contracts/home.ts';
import { FEED_MAX_FAILURES, FEED_POLL_MS, FEED_RECONNECT_BASE_MS, FEED_RECONNECT_MAX_MS, SSE_BUFFER_BYTES, SSE_HEARTBEAT_MS, SSE_MAX_AGE_MS, SSE_MAX_PER_IP, SSE_MAX_PER_ORDER, SSE_MAX_PER_PROCESS, SSE_REPLAY_MAX, SSE_RETRY_MS } from '../contracts/order-status.ts';
import { HOTEL_PARTNER_NAME, HOTEL_PARTNER_SLUG, parseStarLevels, parseUniversalBenefits } from '../contracts/rewards-config.ts';
import { DEFAULT_SVC_RELOAD_OPTION, DEFAULT_TRIGGER_AMOUNT_OPTION, GUEST_TOKEN_MAX_AGE_MS, PAYMENT_OPTION_DEFAULTS, SVC_RELOAD_OPTIONS, TRIGGER_AMOUNT_OPTIONS } from '../contracts/cards.ts';

/**
 * Client configuration, switchable per environment: APP_ENV picks a profile
 * (development, test, production); single values can be overridden by environment variables.
 */
export const FEATURES: Feature[] = [
  // pickup options (listed apart from amenities; codes from spec 1 section 3)
  { code: '16', name: 'In store', public: true, filterable: true, category: 'pickup' },
  { code: 'DT', name: 'Drive-thru', public: true, filterable: true, category: 'pickup' },
  { code: 'CX', name: 'Curbside', public: true, filterable: true, category: 'pickup' },
  // hours and ordering services
  { code: 'ON', name: 'Open now', public: true, filterable: true, category: 'hours' },
  { code: 'hrs24', name: 'Open 24 hours per day', public: true, filterable: true, category: 'hours' },
  { code: 'GC', name: 'Guest ordering', public: true, filterable: true, category: 'service' },
  { code: 'MO', name: 'Mobile Order and Pay', public: true, filterable: true, category: 'service' },
  // amenities
  { code: 'WA', name: 'Oven-warmed food', public: true, filterable: true, category: 'amenity' },
  { code: 'CL', name: 'Clover Brewed Coffee', public: true, filterable: true, category: 'amenity' },
  { code: 'RW', name: 'Reserve Bar', public: true, filterable: true, category: 'amenity' },
  { code: 'NB', name: 'Nitro Cold Brew', public: true, filterable: true, category: 'amenity' },
  { code: 'WF', name: 'Wi-Fi', public: true, filterable: true, category: 'amenity' },
  { code: 'LB', name: 'Lobby seating', public: true, filterable: true, category: 'amenity' },
  { code: 'PS', name: 'Patio seating', public: true, filterable: true, category: 'amenity' },
  { code: 'VS', name: 'Verismo', public: true, filterable: false, category: 'amenity' },
  { code: 'CD', name: 'Mobile Order and Pay Dine-In', public: true, filterable: false, category: 'amenity' },
  { code: 'BA', name: 'Bike rack', public: true, filterable: true, category: 'amenity' },
  { code: 'EV', name: 'EV charging', public: true, filterable: true, category: 'amenity' },
  // internal codes carried by stores but never shown as amenities (spec 1 section 5 excludes them)
  { code: 'XO', name: 'Mobile ordering (internal)', public: false, filterable: false, category: 'service' },
  { code: '17', name: 'Delivery (internal)', public: false, filterable: false, category: 'service' },
  { code: 'CC', name: 'Coffee card (internal)', public: false, filterable: false, category: 'service' },
];

type Profile = AppConfig['env'];

function bool(v: string | undefined, fallback: boolean) {
  return v === undefined ? fallback : v === 'true' || v === '1';
}

/** Where the server listens unless HOST says otherwise: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

/** Largest request body any route accepts (REST and GraphQL), enforced while the body streams in. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || /^127\.[0-9]+\.[0-9]+\.[0-9]+$/.test(host);

const profileOf = (env: NodeJS.ProcessEnv): Profile => (env.APP_ENV === 'production' ? 'production' : env.APP_ENV === 'test' ? 'test' : 'development');

/**
 * The development outbox viewer (/dev/outbox): never in production; on by default when the server
 * listens on loopback only; when HOST reaches beyond loopback it takes DEV_TOOLS=1 to turn it on.
 * DEV_TOOLS=0 turns it off anywhere. (It answers loopback clients only either way: server/http/dev-guard.ts.)
 */
export function devToolsEnabled(env: NodeJS.ProcessEnv): boolean {
  if (profileOf(env) === 'production') return false;
  const explicit = env.DEV_TOOLS;
  if (explicit === '0' || explicit === 'false') return false;
  if (explicit === '1' || explicit === 'true') return true;
  return isLoopbackHost(env.HOST || DEFAULT_HOST);
}

/** Server-only HTTP settings (never sent to the client). */
export interface ServerSettings {
  /** HOST: the listening address (default 127.0.0.1) */
  host: string;
  /** TRUST_PROXY: addresses/CIDRs of reverse proxies whose X-Forwarded-For/-Proto are honoured (server/http/client.ts) */
  trustProxy: string | undefined;
  bodyLimitBytes: number;
  /** PORT: the listening port (default 3000); loopback host names are accepted on it (server/http/host.ts) */
  port: number;
  /**
   * PUBLIC_ORIGIN: comma-separated origins browsers reach the app at (e.g. `https://coffee.example`, the proxy's
   * public name). A request whose Host is none of these, nor localhost / 127.0.0.1 / [::1] on the listening port,
   * is refused (DNS rebinding, server/http/host.ts).
   */
  publicOrigins: string[];
}

export function loadServerSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  return { host: env.HOST || DEFAULT_HOST, trustProxy: env.TRUST_PROXY, bodyLimitBytes: BODY_LIMIT_BYTES, port: Number(env.PORT ?? 3000), publicOrigins: parsePublicOrigins(env.PUBLIC_ORIGIN) };
}

/** PUBLIC_ORIGIN as a list of origins (scheme://host[:port], nothing else); anything else refuses to start. */
export function parsePublicOrigins(value: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let url: URL | null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
      throw new Error(`PUBLIC_ORIGIN: "${raw}" is not an origin (scheme://host[:port], e.g. https://coffee.example)`);
    }
    out.push(url.origin);
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const profile = profileOf(env);
  return {
    env: profile,
    brand: { name: 'Harbor Coffee', product: 'Harbor', customerServicePhone: '1-800-555-0142' },
    features: FEATURES,
    mapDefaults: { lat: Number(env.MAP_DEFAULT_LAT ?? 39.5), lng: Number(env.MAP_DEFAULT_LNG ?? -98.35), zoom: Number(env.MAP_DEFAULT_ZOOM ?? 4) },
    map: { mapboxToken: env.MAPBOX_TOKEN || null, mapboxStyle: env.MAPBOX_STYLE || null },
    orderingUrlRoot: '/menu',
    enableInAppDelivery: bool(env.ENABLE_IN_APP_DELIVERY, true),
    delivery: {
      storefrontUrl: env.DELIVERY_STOREFRONT_URL ?? 'https://delivery-partner.example/store/harbor-coffee',
      faqUrl: env.DELIVERY_FAQ_URL ?? '/help/delivery-faq',
    },
    locator: {
      tabMode: bool(env.LOCATOR_TAB_MODE, false),
      geolocationAccuracyThreshold: Number(env.GEOLOCATION_ACCURACY_THRESHOLD ?? 1000),
      inMapOriginationSourceLifetime: 30 * 60_000,
    },
    account: {
      showKeepMeSignedInCheckbox: bool(env.SHOW_KEEP_ME_SIGNED_IN, true),
      updatedTermsOfUseUrl: env.UPDATED_TERMS_URL ?? '/terms-of-use',
      cantAccessEmailUrl: '/help/cant-access-email',
      includePrivacyStatement: true,
      includeStorageConsent: bool(env.INCLUDE_STORAGE_CONSENT, false),
      checkGeneralEmailByDefault: false,
    },
    universal: { enableMfaFeatures: bool(env.ENABLE_MFA_FEATURES, true) },
    ordering: {
      maximumItemAmount: 30,
      maximumModifierAmount: 12,
      mostRecentOrderStaleAfter: 2 * 3600_000,
      productStaleAfter: 5 * 60_000,
      productRetryAfter: 30_000,
    },
    cards: {
      svcReloadOptions: [...SVC_RELOAD_OPTIONS],
      defaultSvcReloadOption: DEFAULT_SVC_RELOAD_OPTION,
      triggerAmountOptions: [...TRIGGER_AMOUNT_OPTIONS],
      defaultTriggerAmountOption: DEFAULT_TRIGGER_AMOUNT_OPTION,
      paymentOptions: { ...PAYMENT_OPTION_DEFAULTS },
      guestPaymentTokenMaxAge: GUEST_TOKEN_MAX_AGE_MS,
      appDownloadLink: '/app',
      commonQuestionsUrl: '/help/cards',
      rewardsQuestionsUrl: '/help/rewards',
    },
    gifting: giftingConfig(env),
    rewards: rewardsConfig(env),
    home: homeConfig(env),
    orderStatus: orderStatusConfig(env),
    devTools: devToolsEnabled(env),
  };
}

/** A whole number of cents or milliseconds from the environment; anything else keeps the default. */
function wholeNumber(value: string | undefined, fallback: number) {
  return value !== undefined && /^[0-9]{1,9}$/.test(value) ? Number(value) : fallback;
}

/**
 * Gifting (docs/gifting.md section 0). Env overrides: GIFT_CUSTOM_AMOUNT_MIN / GIFT_CUSTOM_AMOUNT_MAX (cents),
 * GIFT_UNAUTH_BALANCE_CHECK (true/false), GIFT_SHOW_BULK_BANNER (true/false), GIFT_STATUS_DELAY_MS.
 */
export function giftingConfig(env: NodeJS.ProcessEnv = process.env): AppConfig['gifting'] {
  const unauthCardBalanceCheckEnabled = bool(env.GIFT_UNAUTH_BALANCE_CHECK, true);
  return {
    giftAmountOptions: [...GIFT_AMOUNT_OPTIONS],
    defaultGiftAmountOption: DEFAULT_GIFT_AMOUNT_OPTION,
    customAmountMin: wholeNumber(env.GIFT_CUSTOM_AMOUNT_MIN, GIFT_CUSTOM_AMOUNT_MIN),
    customAmountMax: wholeNumber(env.GIFT_CUSTOM_AMOUNT_MAX, GIFT_CUSTOM_AMOUNT_MAX),
    cardBalanceUrl: unauthCardBalanceCheckEnabled ? '/gift#check-balance' : '/account/cards',
    showBulkGiftBanner: bool(env.GIFT_SHOW_BULK_BANNER, true),
    unauthCardBalanceCheckEnabled,
    statusDelayMs: wholeNumber(env.GIFT_STATUS_DELAY_MS, GIFT_STATUS_DELAY_MS),
  };
}

/**
 * Live order status (docs/order-status.md 0): the client's feed settings. Env override: ORDER_SSE_HEARTBEAT_MS
 * (the server's heartbeat; the client treats 2 × heartbeat + 5 s of silence as a dropped stream).
 */
export function orderStatusConfig(env: NodeJS.ProcessEnv = process.env): AppConfig['orderStatus'] {
  return {
    heartbeatMs: Math.max(wholeNumber(env.ORDER_SSE_HEARTBEAT_MS, SSE_HEARTBEAT_MS), 100),
    pollMs: FEED_POLL_MS,
    reconnectBaseMs: FEED_RECONNECT_BASE_MS,
    reconnectMaxMs: FEED_RECONNECT_MAX_MS,
    maxFailures: FEED_MAX_FAILURES,
  };
}

/**
 * The stream hub's limits (docs/order-status.md 0, 3.4; server only). Env overrides: ORDER_SSE_HEARTBEAT_MS,
 * ORDER_SSE_MAX_AGE_MS, ORDER_SSE_MAX (per process), ORDER_SSE_PER_IP and ORDER_SSE_PER_ORDER (0 = off, refused
 * outside APP_ENV=test unless ORDER_SSE_BENCH=1, the bench child).
 */
export interface StreamHubConfig {
  heartbeatMs: number;
  maxAgeMs: number;
  maxPerProcess: number;
  maxPerIp: number;
  maxPerOrder: number;
  bufferBytes: number;
  replayMax: number;
  retryMs: number;
  sweepMs: number;
  /** console streams: the staff row and session re-checked at least this often (and after every event) */
  staffRecheckMs: number;
}
export function streamHubConfig(env: NodeJS.ProcessEnv = process.env): StreamHubConfig {
  const offAllowed = profileOf(env) === 'test' || env.ORDER_SSE_BENCH === '1';
  const limit = (value: string | undefined, fallback: number) => {
    const n = wholeNumber(value, fallback);
    return n === 0 && !offAllowed ? fallback : n;
  };
  return {
    heartbeatMs: Math.max(wholeNumber(env.ORDER_SSE_HEARTBEAT_MS, SSE_HEARTBEAT_MS), 100),
    maxAgeMs: Math.max(wholeNumber(env.ORDER_SSE_MAX_AGE_MS, SSE_MAX_AGE_MS), 1_000),
    maxPerProcess: Math.max(wholeNumber(env.ORDER_SSE_MAX, SSE_MAX_PER_PROCESS), 1),
    maxPerIp: limit(env.ORDER_SSE_PER_IP, SSE_MAX_PER_IP),
    maxPerOrder: limit(env.ORDER_SSE_PER_ORDER, SSE_MAX_PER_ORDER),
    bufferBytes: SSE_BUFFER_BYTES,
    replayMax: SSE_REPLAY_MAX,
    retryMs: SSE_RETRY_MS,
    sweepMs: 30_000,
    staffRecheckMs: 15_000,
  };
}

/**
 * Home stream (docs/home.md 4). Env overrides: ENABLE_UNAUTH_STREAM (true/false, default false), STREAM_ITEM_TYPES
 * (comma list of coupon, rewardPointsExpiration, information, onboarding, content; unknown names dropped; unset or
 * nothing known: all five).
 */
export function homeConfig(env: NodeJS.ProcessEnv = process.env): AppConfig['home'] {
  const known = new Set<string>(STREAM_ITEM_TYPES);
  const asked = (env.STREAM_ITEM_TYPES ?? '').split(',').map((t) => t.trim()).filter((t) => known.has(t));
  return {
    unauthStreamEnabled: bool(env.ENABLE_UNAUTH_STREAM, false),
    streamItemTypes: asked.length ? [...new Set(asked)] : [...STREAM_ITEM_TYPES],
  };
}

/**
 * Rewards (docs/rewards.md 4.1). Env overrides: ENABLE_NEXT_GEN_LOYALTY (true/false), REWARDS_STAR_LEVELS
 * ('green:0,gold:500'), REWARDS_UNIVERSAL_BENEFITS (ids, comma-separated; empty: none), HOTEL_PARTNER_ENABLED
 * (true/false), HOTEL_PARTNER_JOIN_URL, HOTEL_PARTNER_AUTHORIZE_URL (its origin; unset: the sandbox, and off in production).
 */
export function rewardsConfig(env: NodeJS.ProcessEnv = process.env): AppConfig['rewards'] {
  const authorizeUrl = env.HOTEL_PARTNER_AUTHORIZE_URL;
  const authorizeOrigin = authorizeUrl && URL.canParse(authorizeUrl) ? new URL(authorizeUrl).origin : null;
  return {
    nextGenerationLoyalty: bool(env.ENABLE_NEXT_GEN_LOYALTY, true),
    starLevels: parseStarLevels(env.REWARDS_STAR_LEVELS),
    universalBenefits: parseUniversalBenefits(env.REWARDS_UNIVERSAL_BENEFITS),
    hotelPartner: {
      // production without a real partner URL: off (the sandbox is a dev tool)
      enabled: bool(env.HOTEL_PARTNER_ENABLED, true) && !(profileOf(env) === 'production' && !authorizeOrigin),
      slug: HOTEL_PARTNER_SLUG,
      name: HOTEL_PARTNER_NAME,
      joinUrl: env.HOTEL_PARTNER_JOIN_URL ?? 'https://lodgecrest.example/join',
      authorizeOrigin,
    },
  };
}
