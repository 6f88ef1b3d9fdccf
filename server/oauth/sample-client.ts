import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';
import { registerSampleClient, SAMPLE_CLIENT_ID } from './store.ts';
import type { ServerSettings } from '../config.ts';
import { configuredOrigins } from '../http/host.ts';

/**
 * A sample third-party client (development only, like the outbox: loopback clients only, never in production;
 * server/app.ts registers it only when config.devTools). It plays the app that asks a member for access:
 *
 *   GET /dev/oauth-client            choose scopes, Connect: a PKCE verifier and a state are made in the browser and
 *                                    kept in sessionStorage, then the browser goes to /oauth/authorize
 *   GET /dev/oauth-client/callback   checks the state, redeems the code at POST /oauth2/token with the verifier,
 *                                    reads every endpoint of the third-party API and shows each status; it can
 *                                    read again and revoke the token (POST /oauth2/revoke)
 *
 * Its client (harbor-sample, dev_only) is registered with the exact callback URI on each origin of the configuration
 * (PUBLIC_ORIGIN, localhost / 127.0.0.1 / [::1] on PORT: configuredOrigins), never from the request (issue 25: a
 * rebinding page's Host would otherwise become a redirect URI).
 */
export const SAMPLE_CALLBACK_PATH = '/dev/oauth-client/callback';

function page(c: Context<AppEnv>, title: string, body: string, script: string) {
  const nonce = randomBytes(16).toString('base64');
  c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`);
  c.header('Cache-Control', 'no-store');
  return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style nonce="${nonce}">body{font:15px system-ui,sans-serif;margin:1.5rem;max-width:48rem}pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:.5rem}button{font:inherit;padding:.4rem .9rem;margin:.25rem .25rem .25rem 0}fieldset{margin:1rem 0}li{margin:.3rem 0}</style>
</head><body><main>
${body}
</main><script nonce="${nonce}">
const CLIENT_ID = ${JSON.stringify(SAMPLE_CLIENT_ID)};
const REDIRECT_URI = location.origin + ${JSON.stringify(SAMPLE_CALLBACK_PATH)};
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
const random = (n) => b64url(crypto.getRandomValues(new Uint8Array(n)));
${script}
</script></body></html>`);
}

const START_SCRIPT = `
document.getElementById('connect').addEventListener('submit', async (e) => {
  e.preventDefault();
  const scopes = new FormData(e.target).getAll('scope');
  const verifier = random(32);
  const challenge = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const state = random(16);
  sessionStorage.setItem('sample-oauth', JSON.stringify({ verifier, state }));
  const q = new URLSearchParams({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: scopes.join(' '), state, code_challenge: challenge, code_challenge_method: 'S256' });
  location.assign('/oauth/authorize?' + q);
});`;

const CALLBACK_SCRIPT = `
const out = (id, text) => { document.getElementById(id).textContent = text; };
const ENDPOINTS = [['account', '/oauth2/api/account'], ['card', '/oauth2/api/cards'], ['payment', '/oauth2/api/payment-methods'], ['rewards', '/oauth2/api/rewards']];
async function readAll() {
  const token = sessionStorage.getItem('sample-oauth-token');
  for (const [scope, path] of ENDPOINTS) {
    const res = await fetch(path, { headers: { authorization: 'Bearer ' + token } });
    out('read-' + scope, res.status + ' ' + (await res.text()));
  }
  out('reads', 'done');
}
(async () => {
  const q = new URLSearchParams(location.search);
  const saved = JSON.parse(sessionStorage.getItem('sample-oauth') || '{}');
  out('state', q.get('state') === saved.state ? 'state matches' : 'state does not match');
  if (q.get('error')) { out('outcome', 'error=' + q.get('error')); return; }
  if (q.get('state') !== saved.state) { out('outcome', 'refused: the state does not match'); return; }
  const res = await fetch('/oauth2/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: q.get('code') || '', redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: saved.verifier || '' }) });
  const body = await res.json();
  if (!res.ok) { out('outcome', 'token refused: ' + res.status + ' ' + body.error); return; }
  sessionStorage.setItem('sample-oauth-token', body.access_token);
  sessionStorage.removeItem('sample-oauth');
  out('outcome', 'token granted for scopes: ' + body.scope);
  await readAll();
})();
document.getElementById('again').addEventListener('click', () => { out('reads', 'reading'); readAll(); });
document.getElementById('revoke').addEventListener('click', async () => {
  const res = await fetch('/oauth2/revoke', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: sessionStorage.getItem('sample-oauth-token') || '', client_id: CLIENT_ID }) });
  out('revoked', 'revoke: ' + res.status);
});`;

export function registerSampleClientPages(app: Hono<AppEnv>, settings: Pick<ServerSettings, 'port' | 'publicOrigins'>) {
  const redirectUris = configuredOrigins(settings).map((origin) => `${origin}${SAMPLE_CALLBACK_PATH}`);
  app.get('/dev/oauth-client', async (c) => {
    await registerSampleClient(c.var.deps.db, redirectUris);
    const scopes = ['account', 'card', 'payment', 'rewards']
      .map((s) => `<li><label><input type="checkbox" name="scope" value="${s}"${s === 'account' || s === 'card' ? ' checked' : ''}> ${s}</label></li>`)
      .join('');
    return page(c, 'Sample third-party app', `<h1>Sample third-party app</h1>
<p>A development tool: a third-party application that asks for access to a member's account (OAuth 2.0 authorization code with PKCE).</p>
<form id="connect"><fieldset><legend>Scopes to ask for</legend><ul>${scopes}</ul></fieldset><button type="submit">Connect with Harbor</button></form>`, START_SCRIPT);
  });

  app.get(SAMPLE_CALLBACK_PATH, async (c) =>
    page(c, 'Sample third-party app: callback', `<h1>Sample third-party app: callback</h1>
<p>Outcome: <output id="outcome">working</output></p>
<p><output id="state"></output></p>
<ul>${['account', 'card', 'payment', 'rewards'].map((s) => `<li>${s}: <output id="read-${s}"></output></li>`).join('')}</ul>
<p><output id="reads"></output> <output id="revoked"></output></p>
<button type="button" id="again">Read again</button> <button type="button" id="revoke">Revoke the token</button>
<p><a href="/dev/oauth-client">Start again</a></p>`, CALLBACK_SCRIPT),
  );
}
