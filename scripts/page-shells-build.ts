/**
 * Writes one HTML file per static route path (src/views/shell/page-shells.ts) from the built dist/index.html:
 * the page's title, its chrome and its prerendered top. The server sends the file
 * of the requested path (server/http/page-shell.ts), dist/index.html otherwise. Run by the Vite build
 * (vite.config.ts, after the bundle is written).
 */
import { readFileSync, readdirSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Chrome } from '../src/router.tsx';
import { FIRST_CHUNKS_META } from '../src/services/first-chunks.ts';
import { escapeHtml, pageShells, shellRootHtml, shellTitle, type PageShell } from '../src/views/shell/page-shells.ts';
import { PRODUCT_SHELL, PRODUCT_TOP_MARKER } from '../src/views/shell/product-shell.ts';

/** The manifest of the shells the server reads: path -> file under dist/shells/, and the parameters that opt out. */
export interface ShellManifest {
  [path: string]: { file: string; unlessSearch?: string[]; requiresConfig?: string[] };
}

/** index.html's placeholder for the shell; Vite's transformIndexHtml (vite.config.ts) fills it between two markers */
export const SHELL_MARKER = '<!--app-shell-->';
const SHELL_START = '<!--shell-->';
const SHELL_END = '<!--/shell-->';
const SHELL_RE = /<!--shell-->[\s\S]*<!--\/shell-->/;

/** the generic shell (every path without a file of its own), put into index.html at build and in development */
export function fillIndexShell(html: string): string {
  if (!html.includes(SHELL_MARKER)) throw new Error(`page shells: index.html has no ${SHELL_MARKER} in #root`);
  return html.replace(SHELL_MARKER, `${SHELL_START}${shellRootHtml(null)}${SHELL_END}`);
}

/** route ids of the files in src/routes ("account.settings.index.tsx" -> "/account/settings/"; `-` folders and the root are not routes) */
export function routeIdsOf(routesDir: string): string[] {
  return readdirSync(routesDir)
    .filter((f) => f.endsWith('.tsx') && !f.startsWith('-') && !f.startsWith('__') && !f.endsWith('.test.tsx'))
    .map((f) => {
      const parts = f.replace(/\.tsx$/, '').split('.');
      if (parts[parts.length - 1] === 'index') parts[parts.length - 1] = '';
      return `/${parts.join('/')}`.replace(/^\/\/$/, '/');
    });
}

/** a route's chrome as its file declares it (`staticData: { chrome: '...' }`), or undefined */
export function chromeOfRoute(routesDir: string, id: string): Chrome | undefined {
  const file = path.join(routesDir, path.basename(routeFileOf(id)));
  const m = /staticData:\s*\{[^}]*chrome:\s*'(\w+)'/.exec(readFileSync(file, 'utf8'));
  return m ? (m[1] as Chrome) : undefined;
}

export const routeFileOf = (id: string) => `src/routes/${id.slice(1).replace(/\/$/, '/index').split('/').join('.') || 'index'}.tsx`;

/** one page's HTML from the built index.html; `inlineCss`: the stylesheets its top needs (`inlineStylesOf`), after the entry's; `firstChunks`: its route's JavaScript files (`routeOnlyChunks`) */
export function shellHtml(indexHtml: string, shell: PageShell, inlineCss = '', firstChunks: string[] = []): string {
  if (!SHELL_RE.test(indexHtml)) throw new Error('page shells: dist/index.html has no prerendered shell to replace');
  if (/<\/style/i.test(inlineCss)) throw new Error('page shells: a stylesheet to inline contains </style');
  const scripts = (shell.headScripts ?? []).map((js) => `<script>${js}</script>`).join('');
  const chunks = firstChunks.length ? `<meta name="${FIRST_CHUNKS_META}" content="${escapeHtml(firstChunks.map((f) => `/${f}`).join(' '))}">` : '';
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(shellTitle(shell))}</title>${scripts}${chunks}`)
    .replace('</head>', () => (inlineCss ? `<style>${inlineCss}</style></head>` : '</head>'))
    .replace(SHELL_RE, () => `${SHELL_START}${shellRootHtml(shell)}${SHELL_END}`);
}

interface BuildManifest {
  [key: string]: { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
}

/**
 * The manifest's static imports from `keys`, depth first, each entry once: what `collect` gives for an entry, before
 * its imports' (`pre`: a route's own chunk first) or after them (`post`: stylesheets in the order they apply).
 */
function manifestClosure(manifest: BuildManifest, keys: string[], collect: (m: BuildManifest[string]) => string[], order: 'pre' | 'post'): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (m: BuildManifest[string]) => {
    for (const f of collect(m)) if (!out.includes(f)) out.push(f);
  };
  const walk = (k: string) => {
    const m = manifest[k];
    if (seen.has(k) || !m) return;
    seen.add(k);
    if (order === 'pre') add(m);
    for (const i of m.imports ?? []) walk(i);
    if (order === 'post') add(m);
  };
  keys.forEach(walk);
  return out;
}

/** the CSS files a route's chunks load (Vite's build manifest), without the entry's: in the order the browser applies them */
export function routeOnlyCss(manifest: BuildManifest, routeFile: string): string[] {
  const cssOf = (keys: string[]) => manifestClosure(manifest, keys, (m) => m.css ?? [], 'post');
  const entry = new Set(cssOf(Object.keys(manifest).filter((k) => manifest[k]!.isEntry)));
  return cssOf(Object.keys(manifest).filter((k) => k === routeFile || k.startsWith(`${routeFile}?`))).filter((c) => !entry.has(c));
}

/**
 * The JavaScript files the routes' chunks load (Vite's build manifest, static imports), without the entry's: each
 * route's component chunk, then what it imports, depth first. The page's shell names them (`FIRST_CHUNKS_META`) so that
 * the client preloads them one per task (src/services/first-chunks.ts) instead of in the one task Vite's preload
 * helper takes for all of them.
 */
export function routeOnlyChunks(manifest: BuildManifest, routeFiles: string[]): string[] {
  const closure = (keys: string[]) => manifestClosure(manifest, keys, (m) => [m.file], 'pre');
  const entry = new Set(closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry)));
  // the component's chunk (with the loader: vite.config.ts), which the router loads for a route; not the error's
  const own = routeFiles.flatMap((f) => Object.keys(manifest).filter((k) => k === f || k.startsWith(`${f}?tsr-split=component`)));
  return closure(own).filter((f) => !entry.has(f) && f.endsWith('.js'));
}

const fileName = (p: string) => `${p === '/' ? 'index' : p.slice(1).replace(/\//g, '.')}.html`;

export function writePageShells(dist: string, routesDir = 'src/routes'): number {
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const out = path.join(dist, 'shells');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const index: ShellManifest = {};
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  for (const shell of pageShells(routeIdsOf(routesDir), (id) => chromeOfRoute(routesDir, id))) {
    const file = fileName(shell.path);
    const css = shell.inlineStylesOf ? routeOnlyCss(manifest, shell.inlineStylesOf).map((f) => readFileSync(path.join(dist, f), 'utf8').trim()).join('\n') : '';
    if (shell.inlineStylesOf && !css) throw new Error(`page shells: ${shell.inlineStylesOf} has no stylesheet to inline`);
    const chunks = routeOnlyChunks(manifest, shell.routeIds.map(routeFileOf));
    writeFileSync(path.join(out, file), shellHtml(indexHtml, shell, css, chunks));
    index[shell.path] = {
      file,
      ...(shell.unlessSearch ? { unlessSearch: shell.unlessSearch } : {}),
      ...(shell.requiresConfig ? { requiresConfig: shell.requiresConfig } : {}),
    };
  }
  writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(index, null, 1));
  writeProductTemplate(dist, out, indexHtml, manifest, routesDir);
  return Object.keys(index).length;
}

/**
 * The product pages' template (src/views/shell/product-shell.ts): the route's title, chrome, chunks and inline
 * stylesheets, and PRODUCT_TOP_MARKER in place of the top, which the server fills per product
 * (server/http/product-shell.ts). Not in the manifest: no path is served it as it is.
 */
function writeProductTemplate(dist: string, out: string, indexHtml: string, manifest: BuildManifest, routesDir: string) {
  const routeIds = [PRODUCT_SHELL.routeId] as PageShell['routeIds'];
  const shell: PageShell = { path: PRODUCT_SHELL.key, routeIds, chrome: chromeOfRoute(routesDir, PRODUCT_SHELL.routeId) ?? 'full', top: PRODUCT_TOP_MARKER, inlineStylesOf: PRODUCT_SHELL.routeFile };
  const css = routeOnlyCss(manifest, PRODUCT_SHELL.routeFile).map((f) => readFileSync(path.join(dist, f), 'utf8').trim()).join('\n');
  if (!css) throw new Error(`page shells: ${PRODUCT_SHELL.routeFile} has no stylesheet to inline`);
  writeFileSync(path.join(out, PRODUCT_SHELL.file), shellHtml(indexHtml, shell, css, routeOnlyChunks(manifest, routeIds.map(routeFileOf))));
}
