import { expect, it } from 'vitest';
import { appFor, forEachDb } from '../test/db.ts';

/** Issue 25 (defence in depth): POST /apiproxy/v1/graphql takes application/json only; anything else is a JSON 415. */
forEachDb('GraphQL content types', ({ db }) => {
  it('a body in another media type gets 415 in the house and the GraphQL error shapes, and runs nothing', async () => {
    const app = appFor(db());
    const boot = await app.request('http://localhost/apiproxy/v1/session');
    const csrf = boot.headers.getSetCookie().find((x) => x.startsWith('csrf='))!.split(';')[0]!.slice(5);
    const post = (contentType: string | null, body: string) =>
      app.request('http://localhost/apiproxy/v1/graphql', { method: 'POST', headers: { cookie: `csrf=${csrf}`, 'x-csrf-token': csrf, ...(contentType === null ? {} : { 'content-type': contentType }) }, body });
    const json = '{"query":"{viewer{signedIn}}"}';
    for (const [type, body] of [
      ['text/plain', json],
      ['application/x-www-form-urlencoded', 'query=%7Bviewer%7BsignedIn%7D%7D'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n' + json + '\r\n--x--\r\n'],
      ['application/graphql', '{viewer{signedIn}}'],
      ['application/xml', '<q/>'],
      ['application/jsonx', json],
      ['Application/JSON', json],
      [null, json],
    ] as const) {
      const res = await post(type, body);
      expect(res.status, String(type)).toBe(415);
      expect(res.headers.get('content-type'), String(type)).toMatch(/^application\/json/);
      const message = 'GraphQL requests are POSTed as application/json.';
      expect(await res.json(), String(type)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message, errors: [{ message, extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] });
    }
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const ok = await post(type, json);
      expect(ok.status, type).toBe(200);
      expect(await ok.json()).toEqual({ data: { viewer: { signedIn: false } } });
    }
  });
});
