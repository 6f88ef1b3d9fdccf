import os from 'node:os';
import type { Db, Queryable } from '../db/db.ts';
import { chargeMethod } from '../cards/money.ts';
import { GIFT_NOTIFY_CHANNEL } from './purchase.ts';
import { GiftErrorCodes, giftCodeForRefusal } from './errors.ts';
import { issueEgifts, type PurchaseRow } from './issue.ts';

/**
 * The gift worker (docs/gifting.md 3.3): a durable queue in gift_purchases. Each purchase is ONE transaction:
 * lock it (FOR UPDATE SKIP LOCKED: one worker at a time, in any number of processes), charge the payer with the key
 * `gift-<requestId>` (the same on every retry, never from a sequence), issue one eGift card per recipient, write the
 * mail, mark it fulfilled, commit. A refusal marks it failed with its gift code and commits (nothing issued). A crash
 * or kill rolls everything back, status included, so the purchase is queued again and completes once.
 * An unexpected error: a separate short transaction adds an attempt and backs off (2^attempts s, at most 60 s);
 * the 5th failure fails it with GIFT_PLACEMENT_FAILED.
 */
export const GIFT_MAX_ATTEMPTS = 5;
export const GIFT_BACKOFF_MAX_S = 60;

export interface WorkerOptions {
  /** who took the work (gift_purchases.fulfilled_by): host:pid by default */
  id?: string;
  pollMs?: number;
  /** test only (GIFT_TEST_HOLD_AFTER_CHARGE_MS): sleep this long in the transaction after the charge */
  holdAfterChargeMs?: number;
  /** test hook: runs in the transaction after the charge (a throw stands for the transaction dying there) */
  afterCharge?: (requestId: string) => Promise<void> | void;
  onFulfilled?: (requestId: string) => void;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function fail(tx: Queryable, requestId: string, code: string, processorCode: string | null) {
  await tx.query(`update gift_purchases set status = 'failed', error_code = $2, processor_code = $3, finished_at = now() where request_id = $1`, [requestId, code, processorCode]);
}

/** the token the purchase is charged with: the member's saved method (removed since: null) or the guest's single-use card */
async function tokenOf(tx: Queryable, p: PurchaseRow): Promise<string | null> {
  if (p.guest) return p.payment_token;
  if (!p.user_id || !p.payment_method_id) return null;
  const r = await tx.query<{ processor_token: string }>('select processor_token from payment_methods where payment_method_id = $1 and user_id = $2 and removed_at is null', [p.payment_method_id, p.user_id]);
  return r.rows[0]?.processor_token ?? null;
}

export type Outcome = 'fulfilled' | 'failed' | 'retry' | 'none';

/** Takes one due purchase and completes it in one transaction (or none is due). */
export async function processOne(db: Db, opts: WorkerOptions = {}): Promise<Outcome> {
  const id = opts.id ?? `${os.hostname()}:${process.pid}`;
  let taken = null as string | null;
  try {
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const r = await tx.query<PurchaseRow>(
        `select request_id, user_id, guest, payment_method_id, payment_token, sender_name, sender_email, product_number, amount_cents, recipient_count, total_cents, message, attempts
           from gift_purchases where status = 'queued' and not_before <= now()
          order by not_before, request_id limit 1 for update skip locked`,
      );
      const p = r.rows[0];
      if (!p) return 'none';
      taken = p.request_id;
      const token = await tokenOf(tx, p);
      if (!token) {
        await fail(tx, p.request_id, GiftErrorCodes.paymentMethod, null);
        return 'failed';
      }
      const charged = await chargeMethod(tx, { processorToken: token }, p.total_cents, `gift-${p.request_id}`);
      if (!charged.ok) {
        await fail(tx, p.request_id, giftCodeForRefusal(charged.code), charged.code);
        return 'failed';
      }
      if (opts.holdAfterChargeMs) await sleep(opts.holdAfterChargeMs);
      await opts.afterCharge?.(p.request_id);
      const n = await tx.query<{ n: string }>(`select 'G' || lpad(nextval('gift_order_numbers')::text, 11, '0') as n`);
      const orderNumber = n.rows[0]!.n;
      await issueEgifts(tx, p, charged.chargeId, orderNumber);
      const done = await tx.query(
        `update gift_purchases set status = 'fulfilled', order_number = $2, charge_id = $3, fulfilled_by = $4, finished_at = now() where request_id = $1 and status = 'queued'`,
        [p.request_id, orderNumber, charged.chargeId, id],
      );
      if (done.rowCount !== 1) throw new Error(`purchase ${p.request_id} changed under its lock`);
      return 'fulfilled';
    });
    if (outcome === 'fulfilled' && taken) opts.onFulfilled?.(taken);
    return outcome;
  } catch (e) {
    if (!taken) throw e;
    const message = e instanceof Error ? e.message : String(e);
    opts.log?.(`[gift-worker] purchase ${taken} failed (${message}); retrying later`);
    await db.query(
      `update gift_purchases set attempts = attempts + 1, last_error = left($2, 500),
              not_before = now() + (least(power(2, attempts), ${GIFT_BACKOFF_MAX_S})::text || ' seconds')::interval,
              status = case when attempts + 1 >= ${GIFT_MAX_ATTEMPTS} then 'failed' else status end,
              error_code = case when attempts + 1 >= ${GIFT_MAX_ATTEMPTS} then '${GiftErrorCodes.placementFailed}' else error_code end,
              finished_at = case when attempts + 1 >= ${GIFT_MAX_ATTEMPTS} then now() else finished_at end
        where request_id = $1 and status = 'queued'`,
      [taken, message],
    );
    return 'retry';
  }
}

export interface GiftWorker {
  /** wakes the loop (a NOTIFY does the same) */
  wake(): void;
  /** stops claiming and waits for the transaction in flight */
  stop(): Promise<void>;
  /** resolves when nothing is due (tests) */
  idle(): Promise<void>;
}

/** Starts the loop: LISTEN harbor_gift, a sweep every pollMs, and a timer at the earliest not_before. */
export function startGiftWorker(db: Db, opts: WorkerOptions = {}): GiftWorker {
  const pollMs = opts.pollMs ?? 1000;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let dueTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  const idleWaiters: (() => void)[] = [];

  async function drain() {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        let outcome: Outcome;
        try {
          outcome = await processOne(db, opts);
        } catch (e) {
          opts.log?.(`[gift-worker] ${e instanceof Error ? e.message : String(e)}`);
          return;
        }
        if (outcome === 'none') break;
      }
    } while (again && !stopped);
    await scheduleDue().catch(() => undefined);
  }

  async function scheduleDue() {
    if (stopped) return;
    const r = await db.query<{ ms: number | null }>(`select (extract(epoch from min(not_before) - now()) * 1000)::float8 as ms from gift_purchases where status = 'queued'`);
    const ms = r.rows[0]?.ms;
    clearTimeout(dueTimer);
    if (ms !== null && ms !== undefined && ms < pollMs) dueTimer = setTimeout(wake, Math.max(0, Math.ceil(ms)) + 5);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = null;
      if (!again) for (const w of idleWaiters.splice(0)) w();
      else wake();
    });
  }

  const poll = setInterval(wake, pollMs);
  poll.unref?.();
  db.listen(GIFT_NOTIFY_CHANNEL, () => wake(), () => wake())
    .then((u) => {
      if (stopped) void u();
      else unlisten = u;
    })
    .catch((e: unknown) => opts.log?.(`[gift-worker] LISTEN failed (${e instanceof Error ? e.message : String(e)}); polling only`));
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(dueTimer);
      await unlisten?.().catch(() => undefined);
      await running;
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake();
      });
    },
  };
}
