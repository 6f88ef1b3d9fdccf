import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressResponses } from './compress.ts';

const big = JSON.stringify({ stores: Array.from({ length: 60 }, (_, i) => ({ storeNumber: `S${i}`, name: `Store ${i}`, open: i % 2 === 0 })) });

function app() {
  const a = new Hono();
  a.use('*', compressResponses({ threshold: 1024, maxBytes: 64 * 1024 }));
  a.get('/json', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/; HttpOnly');
    c.header('Set-Cookie', 'b=2; Path=/', { append: true });
    c.header('Vary', 'Cookie');
    return c.json(JSON.parse(big), 201);
  });
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/sized', (c) => c.body(big, 200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(big)) }));
  a.get('/huge', (c) => c.text('x'.repeat(100 * 1024)));
  a.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  a.get('/encoded', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'text/javascript', 'Content-Encoding': 'br' }));
  a.get('/events', (c) => c.body('data: x\n\n'.repeat(500), 200, { 'Content-Type': 'text/event-stream' }));
  a.get('/no-transform', (c) => c.body(big, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-transform' }));
  a.get('/html', (c) => c.html(`<!doctype html><p>${'café '.repeat(400)}</p>`));
  return a;
}
const get = (path: string, acceptEncoding?: string, method = 'GET') => app().request(path, { method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

describe('response compression', () => {
  it('sends brotli when accepted, else gzip, and keeps status, cookies and Vary', async () => {
    const br = await get('/json', 'gzip, deflate, br');
    expect(br.status).toBe(201);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    expect(br.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    expect(br.headers.get('Content-Type')).toMatch(/^application\/json/);
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(big.length / 3);
    expect(brotliDecompressSync(brBody).toString()).toBe(big);

    const sized = await get('/sized', 'br');
    expect(sized.headers.get('Content-Encoding')).toBe('br');
    expect(sized.headers.get('Content-Length')).toBeNull();
    expect(brotliDecompressSync(Buffer.from(await sized.arrayBuffer())).toString()).toBe(big);

    const gz = await get('/json', 'gzip, deflate');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(big);

    const html = await get('/html', 'gzip');
    expect(html.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await html.arrayBuffer())).toString()).toContain('café café');
  });

  it('leaves alone: no accepted encoding, small, huge, binary, already encoded, event streams, no-transform, HEAD', async () => {
    for (const [path, ae] of [
      ['/json', undefined],
      ['/json', 'identity'],
      ['/json', 'gzip;q=0, br;q=0'],
      ['/small', 'br'],
      ['/huge', 'br'],
      ['/png', 'br'],
      ['/events', 'br'],
      ['/no-transform', 'br'],
    ] as const) {
      const res = await get(path, ae);
      expect(res.headers.get('Content-Encoding'), `${path} ${ae}`).toBeNull();
      expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(0);
    }
    expect((await get('/json')).headers.getSetCookie()).toHaveLength(2);
    expect(await (await get('/json', 'identity')).text()).toBe(big);
    expect((await get('/encoded', 'br, gzip')).headers.get('Content-Encoding')).toBe('br');
    expect((await get('/json', 'br', 'HEAD')).headers.get('Content-Encoding')).toBeNull();
  });
});
