/**
 * The SMTP side of the outbox dispatcher (server/outbox/dispatcher.ts; docs/operations.md "Outbox mail: the SMTP
 * dispatcher"): the settings read from the environment and a small transport over nodemailer. nodemailer is loaded
 * with import() only when SMTP_URL is set, so a process without it never loads the package.
 */
import { msSetting } from '../http/stall-log.ts';

export const DEFAULT_SMTP_FROM = 'Harbor Coffee <no-reply@harbor.example>';
export const DEFAULT_OUTBOX_POLL_MS = 1000;

export interface SmtpSettings {
  /** smtp://user:pass@host:587, smtps://host:465 (nodemailer's connection URL) */
  url: string;
  /** the From header of every message */
  from: string;
  /** the dispatcher looks for due mail this often (besides the harbor_outbox notification) */
  pollMs: number;
  /** the right-hand side of each Message-ID (<outbox-<id>@domain>): the From address's domain */
  messageIdDomain: string;
}

/** SMTP_URL, SMTP_FROM, OUTBOX_POLL_MS (process.env or a test's object) */
export type SmtpEnv = Record<string, string | undefined>;

/** null without SMTP_URL (mail stays in the outbox); a bad value stops the start with a message naming it. */
export function smtpSettings(env: SmtpEnv): SmtpSettings | null {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587 (could not parse it)');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got "${parsed.protocol}//")`);
  if (!parsed.hostname) throw new Error('SMTP_URL names no host');
  const from = env.SMTP_FROM?.trim() || DEFAULT_SMTP_FROM;
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  if (!domain) throw new Error(`SMTP_FROM must hold an address such as "Harbor Coffee <no-reply@harbor.example>" (got "${from}")`);
  const pollMs = msSetting(env.OUTBOX_POLL_MS, DEFAULT_OUTBOX_POLL_MS, 'OUTBOX_POLL_MS');
  if (pollMs === 0) throw new Error('OUTBOX_POLL_MS must be at least 1');
  return { url, from, pollMs, messageIdDomain: domain.toLowerCase() };
}

/** One message as the dispatcher hands it over. */
export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** What the dispatcher needs from a transport: tests may pass their own. */
export interface MailTransport {
  /** resolves when the server accepted the message; rejects with the server's answer (SmtpFailure) or a connection error */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** How a failed send is classified: 'permanent' (5xx: the row fails) or 'temporary' (4xx, connection: retried). */
export interface SmtpFailure {
  kind: 'permanent' | 'temporary';
  /** for outbox.last_error: "451 4.3.0 try again later", "ECONNREFUSED connect ECONNREFUSED 127.0.0.1:25" */
  message: string;
}

/**
 * A 5xx answer to the message (its envelope or its data) is permanent; a 4xx, a lost or refused connection or a
 * timeout is temporary. A refused login (EAUTH, 535) is also temporary: it is the server's configuration, not the
 * message, and every message would fail the same way until an operator fixes it.
 */
export function classifySmtpError(e: unknown): SmtpFailure {
  const err = (e ?? {}) as { responseCode?: unknown; code?: unknown; response?: unknown; message?: unknown };
  const status = typeof err.responseCode === 'number' ? err.responseCode : null;
  const code = typeof err.code === 'string' ? err.code : null;
  const text = typeof err.response === 'string' && err.response ? err.response : typeof err.message === 'string' ? err.message : String(e);
  const prefix = status !== null ? (text.startsWith(String(status)) ? '' : `${status} `) : code && !text.includes(code) ? `${code} ` : '';
  const message = (prefix + text).slice(0, 500);
  const permanent = status !== null && status >= 500 && status < 600 && code !== 'EAUTH';
  return { kind: permanent ? 'permanent' : 'temporary', message };
}

/** nodemailer's pooled SMTP transport (2 connections), loaded on first use. */
export async function smtpTransport(url: string): Promise<MailTransport> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    // a send never hangs a shutdown for long: connecting, the greeting and each answer are bounded
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: mail.headers,
      });
    },
    close() {
      transport.close();
    },
  };
}
