import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { RegisterChargeRequest, maskCardNumber, money, type RegisterChargeResponse } from '../../contracts/cards.ts';
import { ApiError } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson } from '../http/validate.ts';
import { escapeHtml } from '../../contracts/html.ts';
import { cardError } from './errors.ts';
import { idempotent } from './idempotency.ts';
import { debit, statusCode } from './money.ts';
import { claimPayCode } from './pay-codes.ts';

/**
 * The development register (only when config.devTools is on, and only for loopback callers): a barista types
 * or scans a barcode number (the pay code the member's pay view shows, never a card number: issue 25) and an
 * amount; the code is claimed (single use, unexpired) and its card charged through the money core (debit + auto
 * reload) in one transaction.
 * - GET  /dev/register                        the page
 * - POST /apiproxy/v1/dev/register/charge     { barcode, amount (cents), idempotencyKey }
 */
const LOOPBACK = /^(127\.[0-9.]+|::1|::ffff:127\.[0-9.]+)$/;

/** true for a socket from this machine with no proxy hop (in-process test requests have no socket) */
export function isLoopback(c: Context): boolean {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const remote = env?.incoming?.socket?.remoteAddress;
  if (remote === undefined) return !env?.incoming;
  if (!LOOPBACK.test(remote)) return false;
  const forwarded = c.req.header('x-forwarded-for');
  return !forwarded || forwarded.split(',').every((p) => LOOPBACK.test(p.trim()));
}

function requireLoopback(c: Context) {
  if (!isLoopback(c)) throw new ApiError(404, 'NOT_FOUND', 'Not found.');
}

function page(nonce: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev register</title>
<style nonce="${nonce}">body{font:16px system-ui,sans-serif;margin:1.5rem;max-width:36rem}label{display:block;margin:.75rem 0 .25rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}button{font:inherit;margin-top:1rem;padding:.5rem 1rem}output{display:block;margin-top:1rem;white-space:pre-wrap}</style>
</head><body><main>
<h1>Development register</h1>
<p>Charge a stored-value card as a barista would: scan or type the barcode number and the sale amount. Development only.</p>
<form id="charge">
<label for="barcode">Barcode number</label><input id="barcode" name="barcode" inputmode="numeric" autocomplete="off" required>
<label for="amount">Amount (dollars)</label><input id="amount" name="amount" inputmode="decimal" required placeholder="4.75">
<button type="submit">Charge</button>
</form>
<output id="result" role="status" aria-live="polite"></output>
</main>
<script nonce="${nonce}">
document.getElementById('charge').addEventListener('submit', async (e) => {
  e.preventDefault();
  const out = document.getElementById('result');
  const f = new FormData(e.target);
  const m = /^\\s*\\$?([0-9]{1,6})(?:\\.([0-9]{1,2}))?\\s*$/.exec(String(f.get('amount')));
  if (!m) { out.textContent = 'Enter an amount like 4.75'; return; }
  const amount = Number(m[1]) * 100 + Number((m[2] || '0').padEnd(2, '0'));
  const csrf = (document.cookie.match(/(?:^|; )csrf=([^;]+)/) || [])[1] || '';
  const key = 'reg-' + Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 10);
  const res = await fetch('/apiproxy/v1/dev/register/charge', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify({ barcode: String(f.get('barcode')), amount, idempotencyKey: key }) });
  const body = await res.json();
  if (!res.ok) { out.textContent = 'Declined: ' + body.message + ' (' + body.code + ')'; return; }
  const usd = (c) => '$' + (c / 100).toFixed(2);
  out.textContent = 'Charged ' + usd(body.charged.amount) + '. New balance ' + usd(body.balance.amount) + '.' + (body.autoReloaded ? ' Auto reload added ' + usd(body.autoReloaded.amount) + '.' : '');
});
</script>
</body></html>`;
}

export function registerDevRegister(app: Hono<AppEnv>) {
  app.get('/dev/register', (c) => {
    requireLoopback(c);
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`);
    c.header('Cache-Control', 'no-store');
    return c.html(page(escapeHtml(nonce)));
  });

  app.post('/apiproxy/v1/dev/register/charge', async (c) => {
    requireLoopback(c);
    const body = await parseJson(c, RegisterChargeRequest);
    const { db } = c.var.deps;
    const request = { barcode: body.barcode, amount: body.amount };
    const out = await idempotent<RegisterChargeResponse>(db, 'register', body.idempotencyKey, request, async (tx) => {
      const claimed = await claimPayCode(tx, body.barcode);
      if ('refused' in claimed) throw cardError(claimed.refused === 'unknown' ? 'CARD_NOT_FOUND' : 'BARCODE_EXPIRED', { field: 'barcode' });
      const r = await tx.query<{ card_id: string; card_number: string; status: string }>('select card_id, card_number, status from stored_value_cards where card_id = $1', [claimed.cardId]);
      const card = r.rows[0];
      if (!card) throw cardError('CARD_NOT_FOUND', { field: 'barcode' });
      const blocked = statusCode(card.status);
      if (blocked) throw cardError(blocked, { field: 'barcode' });
      const d = await debit(tx, { cardId: card.card_id, amount: body.amount, kind: 'charge', idempotencyKey: body.idempotencyKey, requestKey: `register-${body.idempotencyKey}`, description: 'In-store purchase' });
      // the stored answer (idempotency_keys.response) keeps the last four only
      return { cardNumber: maskCardNumber(card.card_number), charged: money(body.amount), balance: money(d.balance), autoReloaded: d.autoReloaded === null ? null : money(d.autoReloaded) };
    });
    return c.json(out);
  });
}
