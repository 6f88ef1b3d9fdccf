/**
 * Post-build step of `npm run build`: writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9)
 * beside every compressible file in dist/ of at least 1 KB, when the result is smaller than the file.
 * server/http/static.ts serves them by Accept-Encoding, so nothing is compressed per request.
 *
 *   node --import tsx scripts/precompress.ts [dir]      (default dist)
 */
import { readdir, readFile, writeFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|wasm|webmanifest|pbf)$/i;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

/**
 * Compresses on every core: zlib's asynchronous calls run in libuv's thread pool, a few files at a time (the same
 * settings, so the same bytes as one file after the other; on 2 cores the step takes about half as long).
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const out = { files: 0, bytes: 0, br: 0, gz: 0 };
  const todo: string[] = [];
  for await (const file of files(dir)) {
    if (/\.(br|gz)$/.test(file)) {
      // a variant whose source is gone (an earlier build) would be served for nothing: drop it
      if (!(await stat(file.replace(/\.(br|gz)$/, '')).catch(() => null))) await unlink(file);
      continue;
    }
    if (COMPRESSIBLE.test(file)) todo.push(file);
  }
  const one = async (file: string) => {
    const data = await readFile(file);
    if (data.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }), gzipAsync(data, { level: 9 })]);
    out.files++;
    out.bytes += data.length;
    if (br.length < data.length) {
      await writeFile(`${file}.br`, br);
      out.br += br.length;
    }
    if (gz.length < data.length) {
      await writeFile(`${file}.gz`, gz);
      out.gz += gz.length;
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < todo.length) await one(todo[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, lane));
  return out;
}

if (process.argv[1]?.endsWith('precompress.ts')) {
  const dir = process.argv[2] ?? 'dist';
  const t0 = Date.now();
  const r = await precompress(dir);
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  console.log(`[precompress] ${r.files} files, ${kb(r.bytes)} -> br ${kb(r.br)}, gzip ${kb(r.gz)} in ${Date.now() - t0} ms`);
}
