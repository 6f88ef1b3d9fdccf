/**
 * The live feed's reconnect delay (docs/order-status.md section 0 `FEED_RECONNECT_BASE_MS` / `_MAX_MS`, 2.1). Pure.
 * The n-th reconnect (n from 1) waits `min(base · 2^(n−1), max) × jitter`; `jitter` ∈ [0.5, 1] is drawn by the route
 * once per page (so two tabs of one browser, or a fleet of clients after a deploy, do not reconnect in step).
 */
export const FEED_RECONNECT_BASE_MS = 1_000;
export const FEED_RECONNECT_MAX_MS = 30_000;
export const FEED_MAX_FAILURES = 3;
export const FEED_POLL_MS = 15_000;
/** every 4th poll tries the stream again */
export const FEED_POLLS_PER_STREAM_TRY = 4;
/** 2 × the server's heartbeat (15 s) + 5 s: a silent stream counts as dropped */
export const FEED_SILENCE_MS = 35_000;
export const FEED_CONNECT_TIMEOUT_MS = 10_000;

/** jitter outside [0.5, 1] (or not a number) is clamped into it; n < 1 counts as the first reconnect */
export function clampJitter(jitter: number): number {
  if (!Number.isFinite(jitter)) return 1;
  return Math.min(1, Math.max(0.5, jitter));
}

export function reconnectDelay(n: number, base = FEED_RECONNECT_BASE_MS, max = FEED_RECONNECT_MAX_MS, jitter = 1): number {
  const k = Math.max(1, Math.floor(n));
  // 2^(k−1) overflows to Infinity long after it passed max: min() keeps it at max
  const raw = Math.min(base * 2 ** (k - 1), max);
  return Math.round(raw * clampJitter(jitter));
}

/** what the route draws once per page: a number in [0.5, 1] */
export function drawJitter(random: () => number = Math.random): number {
  return clampJitter(0.5 + random() * 0.5);
}
