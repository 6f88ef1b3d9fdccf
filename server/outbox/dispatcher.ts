/**
 * The SMTP outbox dispatcher (docs/gifting.md 3.7, docs/operations.md "Outbox mail: the SMTP dispatcher").
 *
 * Mail is written to the outbox table in the transaction that decides it (sendEmail, server/outbox/outbox.ts);
 * when SMTP_URL is set this loop delivers it. Each round claims up to 10 due email rows in one statement
 * (FOR UPDATE SKIP LOCKED: two dispatchers, in one process or many, never take the same row), marks them
 * 'sending' with a lease and counts the attempt, commits, then sends each outside any transaction and records the
 * outcome only if the row is still the one it claimed (status 'sending' and the same attempt number):
 * - accepted (2xx) → 'sent', sent_at;
 * - 4xx, a refused or lost connection, a timeout → 'pending' again, next_attempt_at = now + min(base·2^attempts,
 *   max) (1 s base: 2 s, 4 s, … 5 min), last_error; at the 8th attempt → 'failed';
 * - 5xx → 'failed' at once, last_error;
 * - a row not sent within 24 hours of being written → 'expired' (a day-old reset link is not worth sending).
 * A process that dies while sending leaves its rows 'sending'; when the lease (2 min) runs out any dispatcher takes
 * them again. That is the one duplicate window: a crash after the SMTP server accepted a message and before 'sent'
 * committed sends it once more, with the same Message-ID (<outbox-<id>@domain>) so the receiving side can tell.
 *
 * Wakes on NOTIFY harbor_outbox (migration 058, at the commit of any insert), every pollMs, and at once after a
 * full batch. stop(): no new claims, the sends in flight finish and their outcome commits, then the transport closes;
 * call it before the database closes.
 */
import type { Db } from '../db/db.ts';
import { classifySmtpError, smtpTransport, type MailTransport, type SmtpSettings } from './smtp.ts';

export const OUTBOX_CHANNEL = 'harbor_outbox';

export interface DispatcherOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  messageIdDomain: string;
  /** look for due mail this often besides the notification (OUTBOX_POLL_MS, default 1000) */
  pollMs: number;
  /** rows claimed per round (10) */
  batchSize?: number;
  /** how long a claimed row is ours before another dispatcher may take it again (2 min) */
  leaseMs?: number;
  /** attempts before a row fails for good (8) */
  maxAttempts?: number;
  /** first retry delay base: the n-th attempt's retry waits min(retryBaseMs·2^n, retryMaxMs) (1 s, 5 min) */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** mail not sent this long after it was written is expired (24 h) */
  expireAfterMs?: number;
  log?: (line: string) => void;
}

export interface Dispatcher {
  /** look for due mail now (also what the notification does) */
  wake(): void;
  /** resolves when no round is running and none is asked for (tests) */
  idle(): Promise<void>;
  /** stop claiming, let the sends in flight finish and record, close the transport */
  stop(): Promise<void>;
}

interface ClaimedRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  headers: Record<string, string> | null;
  attempts: number;
}

export const DISPATCH_DEFAULTS = {
  batchSize: 10,
  leaseMs: 120_000,
  maxAttempts: 8,
  retryBaseMs: 1000,
  retryMaxMs: 300_000,
  expireAfterMs: 24 * 3600_000,
} as const;

/** How long the row waits after its n-th failed attempt. */
export function retryDelayMs(attempts: number, baseMs: number = DISPATCH_DEFAULTS.retryBaseMs, maxMs: number = DISPATCH_DEFAULTS.retryMaxMs): number {
  return Math.min(baseMs * 2 ** Math.min(attempts, 30), maxMs);
}

export async function startDispatcher(opts: DispatcherOptions): Promise<Dispatcher> {
  const o = { ...DISPATCH_DEFAULTS, ...opts };
  const { db, transport } = o;
  const log = o.log ?? ((line: string) => console.error(`[outbox] ${line}`));
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastSweep = 0;

  /** expiry and leases that ran out on a last attempt; at most once a minute (and on the first round) */
  const sweep = async () => {
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    const expired = await db.query(
      `update outbox set status = 'expired', lease_until = null, last_error = coalesce(last_error, 'not sent within 24 hours')
        where channel = 'email' and (status = 'pending' or (status = 'sending' and lease_until < now()))
          and created_at <= now() - $1 * interval '1 millisecond'`,
      [o.expireAfterMs],
    );
    const lost = await db.query(
      `update outbox set status = 'failed', lease_until = null, last_error = coalesce(last_error, 'no answer recorded for the last attempt')
        where channel = 'email' and status = 'sending' and lease_until < now() and attempts >= $1`,
      [o.maxAttempts],
    );
    if (expired.rowCount) log(`${expired.rowCount} message(s) expired: not sent within 24 hours`);
    if (lost.rowCount) log(`${lost.rowCount} message(s) failed: the lease of their last attempt ran out`);
  };

  const claim = async (): Promise<ClaimedRow[]> => {
    const r = await db.query<ClaimedRow>(
      `with due as (
         select id from outbox
          where channel = 'email'
            and ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now()))
            and attempts < $3
            and created_at > now() - $4 * interval '1 millisecond'
          order by id
          limit $1
          for update skip locked)
       update outbox o set status = 'sending', lease_until = now() + $2 * interval '1 millisecond', attempts = o.attempts + 1
         from due where o.id = due.id
       returning o.id, o.recipient, o.subject, o.body, o.headers, o.attempts`,
      [o.batchSize, o.leaseMs, o.maxAttempts, o.expireAfterMs],
    );
    return r.rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) })).sort((a, b) => a.id - b.id);
  };

  const deliver = async (row: ClaimedRow) => {
    try {
      await transport.send({
        messageId: `<outbox-${row.id}@${o.messageIdDomain}>`,
        from: o.from,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        headers: row.headers ?? {},
      });
    } catch (e) {
      const failure = classifySmtpError(e);
      const final = failure.kind === 'permanent' || row.attempts >= o.maxAttempts;
      await db.query(
        final
          ? `update outbox set status = 'failed', lease_until = null, last_error = $3 where id = $1 and status = 'sending' and attempts = $2`
          : `update outbox set status = 'pending', lease_until = null, last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond'
              where id = $1 and status = 'sending' and attempts = $2`,
        final ? [row.id, row.attempts, failure.message] : [row.id, row.attempts, failure.message, retryDelayMs(row.attempts, o.retryBaseMs, o.retryMaxMs)],
      );
      if (final) log(`message ${row.id} failed after ${row.attempts} attempt(s): ${failure.message}`);
      return;
    }
    // only if still ours: a row whose lease ran out meanwhile belongs to the dispatcher that took it again
    await db.query(`update outbox set status = 'sent', sent_at = now(), lease_until = null where id = $1 and status = 'sending' and attempts = $2`, [row.id, row.attempts]);
  };

  const round = async () => {
    do {
      again = false;
      if (stopped) return;
      await sweep();
      const rows = await claim();
      // the pooled transport queues them on its connections (2)
      await Promise.all(rows.map((row) => deliver(row).catch((e: unknown) => log(`message ${row.id}: recording the outcome failed: ${e instanceof Error ? e.message : String(e)}`))));
      if (rows.length === o.batchSize) again = true;
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((e: unknown) => log(`round failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        running = null;
      });
  };

  const timer = setInterval(wake, o.pollMs);
  timer.unref();
  const unlisten = await db.listen(OUTBOX_CHANNEL, wake, wake);
  wake();

  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await unlisten().catch(() => undefined);
      while (running) await running;
      transport.close();
    },
  };
}

/**
 * The dispatcher of this process: null (nothing changes, mail stays 'pending' in the outbox) without SMTP_URL
 * (`smtpSettings(env)` is null); with it, nodemailer is loaded and the loop starts. server/main.ts reads the
 * settings before the database opens (a bad value stops the start) and calls this after the migrations.
 */
export async function startOutboxDispatcher(db: Db, settings: SmtpSettings | null, log?: (line: string) => void): Promise<Dispatcher | null> {
  if (!settings) return null;
  const transport = await smtpTransport(settings.url);
  const d = await startDispatcher({ db, transport, from: settings.from, messageIdDomain: settings.messageIdDomain, pollMs: settings.pollMs, ...(log ? { log } : {}) });
  console.log(`[server] outbox dispatcher on: mail goes to ${redactedUrl(settings.url)} from ${settings.from}`);
  return d;
}

/** SMTP_URL without its password, for the log. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'SMTP_URL';
  }
}
