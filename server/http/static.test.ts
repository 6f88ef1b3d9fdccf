import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { precompress } from '../../scripts/precompress.ts';
import { IMMUTABLE, NO_CACHE, acceptedEncodings, cacheControlFor, serveDist } from './static.ts';

/** The built app's files: precompressed variants by Accept-Encoding, cache headers, 404 for missing assets. */
describe('static files (dist/)', () => {
  let outer: string;
  let dir: string;
  let app: Hono;
  const js = `export const x = ${JSON.stringify('harbor '.repeat(600))};\n`;

  beforeAll(async () => {
    outer = await mkdtemp(path.join(tmpdir(), 'static-'));
    dir = path.join(outer, 'dist');
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'assets', 'index-AbCd1234.js'), js);
    await writeFile(path.join(dir, 'assets', 'tiny-Zz99Yy88.css'), 'a{}');
    await writeFile(path.join(dir, 'assets', 'logo.svg'), '<svg/>');
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Harbor Coffee</title>' + ' '.repeat(2000));
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(outer, 'secret.txt'), 'outside');
    await precompress(dir);
    app = new Hono();
    app.use('*', compress({ threshold: 1024 }));
    app.use('/*', serveDist({ root: dir }));
    app.get('*', (c) => c.html('<!doctype html><p>app shell</p>'));
  });
  afterAll(async () => {
    await rm(outer, { recursive: true, force: true });
  });

  const get = (p: string, acceptEncoding?: string, method = 'GET') => app.request(p, { method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

  it('the build step writes .br and .gz beside compressible files of 1 KB or more', async () => {
    const names = (await readdir(path.join(dir, 'assets'))).sort();
    expect(names).toEqual(['index-AbCd1234.js', 'index-AbCd1234.js.br', 'index-AbCd1234.js.gz', 'logo.svg', 'tiny-Zz99Yy88.css']);
    expect(await readdir(dir)).toContain('index.html.br');
  });

  it('brotli when accepted, the precompressed bytes, immutable for a hashed name', async () => {
    const r = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Encoding')).toBe('br');
    expect(r.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(r.headers.get('Vary')).toBe('Accept-Encoding');
    expect(r.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await r.arrayBuffer());
    expect(Number(r.headers.get('Content-Length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(js);
  });

  it('gzip when brotli is not accepted (or has q=0)', async () => {
    for (const ae of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const r = await get('/assets/index-AbCd1234.js', ae);
      expect(r.headers.get('Content-Encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await r.arrayBuffer())).toString()).toBe(js);
    }
  });

  it('the plain file without Accept-Encoding', async () => {
    const r = await get('/assets/index-AbCd1234.js');
    expect(r.headers.get('Content-Encoding')).toBeNull();
    expect(await r.text()).toBe(js);
  });

  it('HEAD answers the headers of the chosen variant without a body', async () => {
    const r = await get('/assets/index-AbCd1234.js', 'br', 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Encoding')).toBe('br');
    expect(await r.text()).toBe('');
  });

  it('a missing /assets/ file is a plain 404, not the HTML app shell', async () => {
    for (const p of ['/assets/index-Gone1234.js', '/assets/nope.css', '/assets/']) {
      const r = await get(p, 'br');
      expect(r.status, p).toBe(404);
      expect(r.headers.get('Content-Type')).not.toMatch(/html/);
      expect(await r.text()).toBe('Not found');
    }
  });

  it('only hashed asset names are immutable; index.html and other files are no-cache', async () => {
    expect((await get('/assets/tiny-Zz99Yy88.css')).headers.get('Cache-Control')).toBe(IMMUTABLE);
    expect((await get('/assets/logo.svg')).headers.get('Cache-Control')).toBe(NO_CACHE);
    expect((await get('/favicon.svg')).headers.get('Cache-Control')).toBe('no-cache');
    const index = await get('/index.html', 'br');
    expect(index.headers.get('Cache-Control')).toBe('no-cache');
    expect(index.headers.get('Content-Encoding')).toBe('br');
    expect(cacheControlFor('/assets/maplibre-gl-DkR3x_9a.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/favicon-AbCd1234.svg')).toBe(NO_CACHE);
  });

  it('other paths fall through to the app shell; no path escapes the folder', async () => {
    expect(await (await get('/store-locator')).text()).toContain('app shell');
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%2f%2e%2e%2fetc/passwd']) {
      const r = await get(p);
      expect(await r.text(), p).not.toBe('outside');
    }
  });

  it('Accept-Encoding parsing', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=1.0, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
