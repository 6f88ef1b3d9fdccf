/**
 * The first page's JavaScript, preloaded one file per task. Vite's preload helper, which the router's lazy
 * routes go through, adds a `<link rel="modulepreload">` for every file a route's chunk needs, all in one task:
 * on a phone that task was the longest of the start after the entry's evaluation (70-190 ms at a 4x CPU
 * slowdown for the sign-in page's 14 files). The page's shell names its route's files (`<meta name="first-chunks">`,
 * written by scripts/page-shells-build.ts from the build manifest); adding their links here first, a task each,
 * leaves the helper nothing to add (it skips a file whose link is in the document). A path without a shell of its
 * own (a parameter in it) has no list: the helper preloads as before (docs/architecture.md#performance); the product
 * pages' template has one (src/views/shell/product-shell.ts).
 */
import { nextTask } from './first-paint.ts';

export const FIRST_CHUNKS_META = 'first-chunks';

/** only the build's own script files: same origin, under /assets/ */
const CHUNK_PATH = /^\/assets\/[\w.-]+\.js$/;

/** the files the page's shell names, in its order (only /assets/*.js paths) */
export function firstChunks(doc: Document = document): string[] {
  const content = doc.querySelector(`meta[name="${FIRST_CHUNKS_META}"]`)?.getAttribute('content') ?? '';
  return content.split(/\s+/).filter((p) => CHUNK_PATH.test(p));
}

/** adds a modulepreload link for each file (as Vite's helper would: `as="script"`, `crossorigin`; marked `data-first-chunk`), one per task */
export async function preloadFirstChunks(doc: Document = document, next: () => Promise<void> = nextTask): Promise<number> {
  const present = new Set([...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')));
  let added = 0;
  for (const href of firstChunks(doc)) {
    if (present.has(href)) continue;
    await next();
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = href;
    // marks the links added here (the preload helper's have no mark): for tests and a look in developer tools
    link.dataset.firstChunk = '';
    doc.head.appendChild(link);
    present.add(href);
    added++;
  }
  return added;
}
