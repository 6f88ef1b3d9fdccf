/**
 * Where a route's first-load bytes come from: per source module, the minified bytes it contributes to each chunk
 * of the route's first load (entry + route closure, as scripts/bundle-size.ts counts them), read from the source
 * maps in dist/assets, and its gzip cost (the chunk's gzip -9 size less the size without that module's bytes).
 * After `npm run build`:
 *   node --import tsx scripts/bundle-attribution.ts account.signin        the route's top modules, entry apart
 *   node --import tsx scripts/bundle-attribution.ts account.signin 60     the top 60
 *   node --import tsx scripts/bundle-attribution.ts                       the entry's modules only
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readManifest, staticClosure } from './bundle-size.ts';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** the source index of every generated segment: [line, column, source] (source -1 when unmapped) */
function decodeSegments(mappings: string): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  let source = 0;
  mappings.split(';').forEach((line, lineNo) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = B64_INDEX.get(ch)!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      out.push([lineNo, column, fields.length > 1 ? source : -1]);
    }
  });
  return out;
}

export interface ModuleShare { module: string; chunk: string; bytes: number; gzip: number }

/** per source module of one chunk: its minified characters and its gzip cost within the chunk */
export async function chunkShares(dist: string, file: string): Promise<ModuleShare[]> {
  const code = await readFile(path.join(dist, file), 'utf8');
  const mapFile = path.join(dist, `${file}.map`);
  const whole = gzipSync(code, { level: 9 }).length;
  if (!existsSync(mapFile)) return [{ module: '(no source map)', chunk: file, bytes: code.length, gzip: whole }];
  const map = JSON.parse(await readFile(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const lineStart: number[] = [];
  lines.reduce((at, l) => (lineStart.push(at), at + l.length + 1), 0);
  const owner = new Int32Array(code.length).fill(-1);
  const segments = decodeSegments(map.mappings);
  segments.forEach(([line, column, source], i) => {
    const from = lineStart[line]! + column;
    const next = segments[i + 1];
    const to = next && next[0] === line ? lineStart[line]! + next[1] : lineStart[line]! + lines[line]!.length;
    owner.fill(source, from, to);
  });
  const ranges = new Map<number, number>();
  for (const s of owner) ranges.set(s, (ranges.get(s) ?? 0) + 1);
  const name = (s: number) => (s < 0 ? '(glue)' : map.sources[s]!.replace(/^(\.\.\/)+(main\/)?/, ''));
  return [...ranges].map(([s, bytes]) => {
    let without = '';
    for (let i = 0; i < code.length; ) {
      let j = i;
      while (j < code.length && (owner[j] === s) === (owner[i] === s)) j++;
      if (owner[i] !== s) without += code.slice(i, j);
      i = j;
    }
    return { module: name(s), chunk: file, bytes, gzip: whole - gzipSync(without, { level: 9 }).length };
  });
}

/** the chunks of a route's first load: the entry's closure and the route's own (src/routes/<route>.tsx) */
export async function routeChunks(dist: string, route?: string) {
  const manifest = await readManifest(dist);
  const entry = staticClosure(manifest, Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
  const own = route ? staticClosure(manifest, Object.keys(manifest).filter((k) => k.startsWith(`src/routes/${route}.tsx`))) : new Set<string>();
  const files = (keys: Iterable<string>) => [...new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')))];
  return { entry: files(entry), route: files([...own].filter((k) => !entry.has(k))) };
}

function print(title: string, shares: ModuleShare[], top: number) {
  const total = shares.reduce((s, m) => s + m.gzip, 0);
  console.log(`\n${title}: ${shares.length} module parts, about ${(total / 1024).toFixed(1)} KB gzip (sum of each module's cost)`);
  for (const m of shares.sort((a, b) => b.gzip - a.gzip).slice(0, top)) {
    console.log(`  ${(m.gzip / 1024).toFixed(2).padStart(6)} KB gz ${String(m.bytes).padStart(7)} B  ${m.chunk.replace('assets/', '').padEnd(16)} ${m.module}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = 'dist';
  const route = process.argv[2]?.replace(/^\//, '').replace(/\.tsx$/, '');
  const top = Number(process.argv[3] ?? 40);
  const chunks = await routeChunks(dist, route);
  const shares = async (files: string[]) => (await Promise.all(files.map((f) => chunkShares(dist, f)))).flat();
  if (route) print(`${route}: the route's own chunks (${chunks.route.length} files)`, await shares(chunks.route), top);
  print(`entry (${chunks.entry.length} files)`, await shares(chunks.entry), route ? Math.min(top, 25) : top);
}
