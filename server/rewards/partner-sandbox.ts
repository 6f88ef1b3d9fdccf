import { randomBytes, randomInt } from 'node:crypto';
import type { Hono } from 'hono';
import { escapeHtml } from '../../contracts/html.ts';
import type { AppEnv } from '../http/types.ts';
import { PARTNER_API } from './partners.ts';
import { SANDBOX_AUTHORIZE_PATH, type PartnerSettings } from './partner-settings.ts';

/**
 * The sandbox hotel partner (development only, like /dev/oauth-client: server/app.ts registers it only when
 * config.devTools, and every /dev/ path answers loopback clients only). It plays Lodgecrest Rewards' authorize page:
 *
 *   GET /dev/hotel-partner/authorize?state=…   a member-number field (9 digits, prefilled) and 'Link accounts' /
 *                                               'Cancel'; the form POSTs state, partnerMemberId and outcome to
 *                                               /apiproxy/v1/rewards/partnerships/lodgecrest/callback
 *
 * It does not read or check the state (the app's callback does); it only echoes it, escaped, into the form.
 */
export function registerPartnerSandbox(app: Hono<AppEnv>, settings: Pick<PartnerSettings, 'slug' | 'name'>) {
  app.get(SANDBOX_AUTHORIZE_PATH, (c) => {
    const state = c.req.query('state') ?? '';
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const memberNumber = `100000${String(randomInt(0, 1000)).padStart(3, '0')}`;
    const title = `${settings.name} (sandbox)`;
    const usable = /^[A-Za-z0-9_.-]{1,1024}$/.test(state);
    const body = usable
      ? `<p>A development tool: the hotel partner's page that links a ${escapeHtml(settings.name)} member to their Harbor Rewards account.</p>
<form method="post" action="${PARTNER_API}/${escapeHtml(settings.slug)}/callback">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<p><label for="partnerMemberId">${escapeHtml(settings.name)} member number</label><br>
<input id="partnerMemberId" name="partnerMemberId" inputmode="numeric" pattern="[0-9]{9}" maxlength="9" required autocomplete="off" value="${memberNumber}"></p>
<p><button type="submit" name="outcome" value="linked">Link accounts</button>
<button type="submit" name="outcome" value="cancelled" formnovalidate>Cancel</button></p>
</form>`
      : `<p role="alert">This link has no state: start again from the partnership page.</p>`;
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">body{font:15px system-ui,sans-serif;margin:1.5rem;max-width:40rem;color:#1e2a32}h1{font-size:1.5rem}input{font:inherit;padding:.4rem;width:12ch}button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0}label{font-weight:600}</style>
</head><body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`);
  });
}
