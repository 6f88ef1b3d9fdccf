import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';

/**
 * The built app's files (dist/), precompressed at build time (scripts/precompress.ts writes `x.br` and
 * `x.gz` beside each compressible file): the response is the smallest variant the client accepts
 * (Accept-Encoding: br, then gzip, else the plain file), never compressed per request.
 *
 * Caching: only content-hashed names (`/assets/name-Hash1234.js`) are `immutable` for a year; every
 * other file (index.html, favicon.svg) is `no-cache`, so a new build is seen at once.
 * A missing file under /assets/ is a plain 404, never the HTML app shell (a stale chunk name must fail
 * as a script error, not run HTML as JavaScript).
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.pbf': 'application/x-protobuf',
  '.webmanifest': 'application/manifest+json',
};

/** Vite's output names: `[name]-[hash].[ext]`, the hash 8+ characters of base64url */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith('/assets/') && HASHED.test(urlPath) ? IMMUTABLE : NO_CACHE;
}

/** Encodings the client accepts (q > 0), by the server's preference: br, gzip. */
export function acceptedEncodings(header: string | undefined): ('br' | 'gzip')[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const ok = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

async function fileSize(file: string): Promise<number | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

/** The file under `root` for a URL path, or null when the path is not a plain relative file name. */
function resolveUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((seg) => seg === '..')) return null;
  const file = path.resolve(root, '.' + decoded);
  return file.startsWith(path.resolve(root) + path.sep) ? file : null;
}

export function serveDist(opts: { root: string }): MiddlewareHandler {
  const root = path.resolve(opts.root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const urlPath = c.req.path;
    const isAsset = urlPath.startsWith('/assets/');
    const file = urlPath.endsWith('/') ? null : resolveUnder(root, urlPath);
    const size = file ? await fileSize(file) : null;
    if (!file || size === null) {
      if (isAsset) return c.text('Not found', 404, { 'Cache-Control': NO_CACHE });
      return next();
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    let body = file;
    let encoding: 'br' | 'gzip' | null = null;
    let length = size;
    for (const enc of acceptedEncodings(c.req.header('Accept-Encoding'))) {
      const variant = `${file}.${enc === 'br' ? 'br' : 'gz'}`;
      const variantSize = await fileSize(variant);
      if (variantSize !== null) {
        body = variant;
        encoding = enc;
        length = variantSize;
        break;
      }
    }
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Content-Length': String(length),
      'Cache-Control': cacheControlFor(urlPath),
      Vary: 'Accept-Encoding',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(await readFile(body)), 200, headers);
  };
}
