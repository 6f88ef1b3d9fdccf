import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { DevSsoTokenRequest, type DevSsoTokenResponse, type OutboxMessage } from '../../contracts/account.ts';
import { safeReturnUrl } from '../../contracts/return-url.ts';
import { badRequest } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson, parseQuery } from '../http/validate.ts';
import { createSsoToken, ssoBrowserNonce } from '../auth/sso.ts';
import { findUserByEmail } from '../auth/users.ts';
import { escapeHtml } from '../../contracts/html.ts';

/**
 * Development tools. Every path under /dev/ and /apiproxy/v1/dev/ answers loopback clients only (404 to anyone
 * else, server/app.ts: devGuard), and exists only where its setting allows:
 * - the outbox viewer, when config.devTools (never in production; off beyond loopback unless DEV_TOOLS=1):
 *   GET /dev/outbox (HTML list of outbox mail and SMS, newest first: reset links, codes, and each message's delivery:
 *   status, attempts, sent_at, last_error of the SMTP dispatcher) and
 *   GET /apiproxy/v1/dev/outbox (the same as JSON for e2e tests, ?recipient=&kind=&limit=);
 * - SSO token minting, only under APP_ENV=test (tests need it, nobody else):
 *   POST /apiproxy/v1/dev/sso-token (also POST /dev/sso-token) for { email } or the signed-in user;
 *   the outbox page shows a form for it then.
 */
export const DEV_PREFIXES = ['/dev/', '/apiproxy/v1/dev/'] as const;
export const isDevPath = (path: string) => DEV_PREFIXES.some((p) => path.startsWith(p));

export interface DevTools {
  outbox: boolean;
  ssoMint: boolean;
}

const OutboxQuery = v.object({
  recipient: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))),
  kind: v.optional(v.pipe(v.string(), v.maxLength(64))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^[0-9]{1,3}$/), v.transform(Number), v.number(), v.minValue(1), v.maxValue(500)), '100'),
});

type OutboxRow = {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  kind: string;
  created_at: Date;
  headers: Record<string, string> | null;
  status: OutboxMessage['status'];
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
};

async function outboxRows(c: Context<AppEnv>, q: v.InferOutput<typeof OutboxQuery>): Promise<OutboxMessage[]> {
  const r = await c.var.deps.db.query<OutboxRow>(
    `select id, channel, recipient, subject, body, link, kind, created_at, headers, status, attempts, sent_at, last_error from outbox
      where ($1::text is null or lower(recipient) = lower($1)) and ($2::text is null or kind = $2)
      order by id desc limit $3`,
    [q.recipient || null, q.kind || null, q.limit],
  );
  return r.rows.map((m) => ({
    id: Number(m.id),
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    link: m.link,
    kind: m.kind,
    code: /\b([0-9]{6})\b/.exec(m.body)?.[1] ?? null,
    createdAt: new Date(m.created_at).toISOString(),
    headers: m.headers ?? {},
    status: m.status,
    attempts: Number(m.attempts),
    sentAt: m.sent_at ? new Date(m.sent_at).toISOString() : null,
    lastError: m.last_error,
  }));
}

/** The delivery cell: what the SMTP dispatcher did with the message (server/outbox/dispatcher.ts). */
function deliveryCell(m: OutboxMessage): string {
  const what =
    m.channel === 'sms' ? 'not sent (no SMS gateway)' : m.status === 'pending' && m.attempts === 0 ? 'pending (sent only when SMTP_URL is set)' : m.status;
  const tries = m.attempts ? `<br>${m.attempts} attempt${m.attempts === 1 ? '' : 's'}` : '';
  const sent = m.sentAt ? `<br>sent ${escapeHtml(m.sentAt)}` : '';
  const error = m.lastError ? `<br><small>last error: ${escapeHtml(m.lastError)}</small>` : '';
  return `<td class="delivery">${escapeHtml(what)}${tries}${sent}${error}</td>`;
}


function renderOutbox(messages: OutboxMessage[], recipient: string, nonce: string, ssoMint: boolean): string {
  const rows = messages
    .map((m) => {
      const link = m.link && safeReturnUrl(m.link) ? `<a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a>` : m.link ? escapeHtml(m.link) : '';
      return `<tr><td>${escapeHtml(m.createdAt)}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.subject)}</td><td>${Object.keys(m.headers ?? {}).length ? `<pre class="headers">${escapeHtml(Object.entries(m.headers ?? {}).map(([k, val]) => `${k}: ${val}`).join('\n'))}</pre>` : ''}<pre>${escapeHtml(m.body)}</pre></td><td>${link}</td><td>${escapeHtml(m.kind)}</td>${deliveryCell(m)}</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title>
<style nonce="${nonce}">body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:0}form{margin:.5rem 0 1rem}</style>
</head><body>
<h1>Development outbox</h1>
<p>Mail and text messages the app would send, newest first. Development only.</p>
<form method="get" action="/dev/outbox"><label>Recipient <input name="recipient" value="${escapeHtml(recipient)}"></label> <button>Filter</button> <a href="/dev/outbox">All</a></form>
${ssoMint ? '<form id="sso"><label>Mint an SSO sign-in link for <input name="email" type="email" placeholder="demo@example.com (or the signed-in user)"></label> <button>Mint</button> <output id="sso-out"></output></form>' : ''}
<table><thead><tr><th>Time</th><th>Channel</th><th>Recipient</th><th>Subject</th><th>Body</th><th>Link</th><th>Kind</th><th>Delivery</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="8">Nothing sent yet.</td></tr>'}
</tbody></table>
${ssoMint ? `<script nonce="${nonce}">
document.getElementById('sso').addEventListener('submit', async (e) => {
  e.preventDefault();
  const out = document.getElementById('sso-out');
  const email = new FormData(e.target).get('email');
  const csrf = (document.cookie.match(/(?:^|; )(?:__Host-)?csrf=([^;]+)/) || [])[1] || '';
  const res = await fetch('/apiproxy/v1/dev/sso-token', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(email ? { email } : {}) });
  const body = await res.json();
  out.textContent = '';
  if (!res.ok) { out.textContent = body.message; return; }
  const a = document.createElement('a');
  a.href = body.url;
  a.textContent = body.url;
  out.append(a, ' (valid 5 minutes, once)');
});
</script>` : ''}
</body></html>`;
}

export function registerDevRoutes(app: Hono<AppEnv>, tools: DevTools) {
  if (tools.outbox) registerOutbox(app, tools.ssoMint);
  if (tools.ssoMint) registerSsoMint(app);
}

function registerOutbox(app: Hono<AppEnv>, ssoMint: boolean) {
  app.get('/dev/outbox', async (c) => {
    const q = parseQuery(c, OutboxQuery);
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`);
    c.header('Cache-Control', 'no-store');
    return c.html(renderOutbox(await outboxRows(c, q), q.recipient ?? '', nonce, ssoMint));
  });

  app.get('/apiproxy/v1/dev/outbox', async (c) => c.json({ messages: await outboxRows(c, parseQuery(c, OutboxQuery)) }));
}

function registerSsoMint(app: Hono<AppEnv>) {
  const mintSso = async (c: Context<AppEnv>) => {
    const body = await parseJson(c, DevSsoTokenRequest);
    const { db } = c.var.deps;
    let userId = c.var.session?.userId ?? null;
    if (body.email) {
      const user = await findUserByEmail(db, body.email);
      if (!user) throw badRequest('No account has that email.', 'email');
      userId = user.id;
    }
    if (!userId) throw badRequest('Give an email or sign in first.', 'email');
    const { token, expiresAt } = await createSsoToken(db, userId, ssoBrowserNonce(c));
    const returnUrl = safeReturnUrl(body.returnUrl);
    const out: DevSsoTokenResponse = {
      token,
      url: `/account/signin/sso/${token}${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ''}`,
      expiresAt: expiresAt.toISOString(),
    };
    return c.json(out);
  };
  app.post('/apiproxy/v1/dev/sso-token', mintSso);
  app.post('/dev/sso-token', mintSso);
}
