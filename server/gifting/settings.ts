import { msSetting } from '../http/stall-log.ts';

/**
 * Server-only gifting settings (docs/gifting.md 0; README configuration table):
 * - GIFT_WORKER: `on` (default) or `off` (this process accepts purchases but never fulfils them);
 * - GIFT_WORKER_DELAY_MS (0): a purchase becomes due at accepted_at + this (e2e makes polling visible with it);
 * - GIFT_WORKER_POLL_MS (1000): the worker's sweep besides LISTEN harbor_gift;
 * - GIFT_TEST_HOLD_AFTER_CHARGE_MS (0, APP_ENV=test only): the worker sleeps this long inside its transaction after
 *   the charge, so an ops test can kill the process between the authorisation and the commit.
 */
export interface GiftSettings {
  worker: boolean;
  workerDelayMs: number;
  pollMs: number;
  holdAfterChargeMs: number;
}

export function giftSettings(env: NodeJS.ProcessEnv = process.env): GiftSettings {
  const w = (env.GIFT_WORKER ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(w)) throw new Error(`GIFT_WORKER must be on or off (got "${env.GIFT_WORKER}")`);
  const hold = msSetting(env.GIFT_TEST_HOLD_AFTER_CHARGE_MS, 0, 'GIFT_TEST_HOLD_AFTER_CHARGE_MS');
  if (hold > 0 && env.APP_ENV !== 'test') throw new Error('GIFT_TEST_HOLD_AFTER_CHARGE_MS is a test setting: it needs APP_ENV=test');
  return {
    worker: w === 'on',
    workerDelayMs: msSetting(env.GIFT_WORKER_DELAY_MS, 0, 'GIFT_WORKER_DELAY_MS'),
    pollMs: msSetting(env.GIFT_WORKER_POLL_MS, 1000, 'GIFT_WORKER_POLL_MS') || 1000,
    holdAfterChargeMs: hold,
  };
}
