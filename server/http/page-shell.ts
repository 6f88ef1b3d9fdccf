import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineSource } from './headers.ts';

/**
 * The HTML a page starts with (src/views/shell/page-shells.ts): the build writes dist/shells/<page>.html for each
 * static route path and dist/shells/manifest.json; a path without a file of its own, or with a search parameter
 * that changes its top (`unlessSearch`), gets dist/index.html. Both are read per request (small files): a rebuild
 * while the server runs is served at once.
 */
interface ShellIndex {
  [path: string]: { file: string; unlessSearch?: string[]; requiresConfig?: string[] } | undefined;
}

/** the configuration switches a page's top may be drawn for (PageShell.requiresConfig): on unless listed here */
export type ShellConfigOff = ReadonlySet<string>;

export function shellFileFor(index: ShellIndex, url: URL, configOff: ShellConfigOff = new Set()): string | null {
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const entry = Object.hasOwn(index, pathname) ? index[pathname] : undefined;
  if (!entry || !/^[\w.-]+\.html$/.test(entry.file)) return null;
  if (entry.unlessSearch?.some((p) => url.searchParams.has(p))) return null;
  if (entry.requiresConfig?.some((k) => configOff.has(k))) return null;
  return entry.file;
}

/**
 * The CSP sources for the inline stylesheets of a page (`<style>`: the stylesheets a prerendered top needs,
 * PageShell.inlineStylesOf): each allowed by its sha256, so the page's policy allows exactly what it carries.
 */
export function inlineStyleSources(html: string): string[] {
  if (!html.includes('<style>')) return [];
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => inlineSource(m[1]!));
}

async function readOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** the HTML for a request URL, or null when the app is not built */
export async function appShellHtml(distDir: string, url: URL, configOff?: ShellConfigOff): Promise<string | null> {
  const raw = await readOrNull(path.join(distDir, 'shells', 'manifest.json'));
  if (raw) {
    let index: ShellIndex = {};
    try {
      index = JSON.parse(raw) as ShellIndex;
    } catch {
      // a manifest being rewritten by a build: the generic shell
    }
    const file = shellFileFor(index, url, configOff);
    const html = file ? await readOrNull(path.join(distDir, 'shells', file)) : null;
    if (html) return html;
  }
  return readOrNull(path.join(distDir, 'index.html'));
}
