import type { Queryable } from '../db/db.ts';

/**
 * Mail and SMS are rows in the outbox table (docs/architecture.md#server-rest-graphql-and-the-outbox); a delivery worker would send them.
 * In development /dev/outbox lists them. Links are stored as same-origin paths; the body names the
 * absolute address built from PUBLIC_URL (never from the request's Host header, which a caller controls).
 */
export function publicUrl(path: string): string {
  const base = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`).replace(/\/+$/, '');
  return base + path;
}

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  link?: string | null;
  kind: string;
  userId?: string | null;
}

export async function sendEmail(db: Queryable, m: EmailMessage) {
  await db.query('insert into outbox (channel, recipient, subject, body, link, kind, user_id) values ($1, $2, $3, $4, $5, $6, $7)', [
    'email',
    m.to,
    m.subject,
    m.body,
    m.link ?? null,
    m.kind,
    m.userId ?? null,
  ]);
}

export async function sendSms(db: Queryable, m: { to: string; body: string; kind: string; userId?: string | null }) {
  await db.query('insert into outbox (channel, recipient, subject, body, link, kind, user_id) values ($1, $2, $3, $4, null, $5, $6)', [
    'sms',
    m.to,
    'Text message',
    m.body,
    m.kind,
    m.userId ?? null,
  ]);
}
