import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_CHUNKS_META, firstChunks, preloadFirstChunks } from './first-chunks.ts';

const setMeta = (content: string) => {
  const meta = document.createElement('meta');
  meta.name = FIRST_CHUNKS_META;
  meta.content = content;
  document.head.appendChild(meta);
};
const links = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')] as HTMLLinkElement[];

describe("the first page's files, preloaded one per task (src/services/first-chunks.ts)", () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("reads the shell's list, keeping only the build's own script files", () => {
    expect(firstChunks()).toEqual([]);
    setMeta(' /assets/c-a.js  https://evil.example/x.js /assets/c-b.css //evil.example/assets/x.js /assets/../x.js /assets/c-B_9.js ');
    expect(firstChunks()).toEqual(['/assets/c-a.js', '/assets/c-B_9.js']);
  });

  it('adds a modulepreload link per file, each in a task of its own, and none twice', async () => {
    setMeta('/assets/c-a.js /assets/c-b.js /assets/c-c.js');
    const already = document.createElement('link');
    already.rel = 'modulepreload';
    already.href = '/assets/c-b.js';
    document.head.appendChild(already);
    const seenBefore: number[] = [];
    const added = await preloadFirstChunks(document, async () => {
      seenBefore.push(links().length);
    });
    expect(added).toBe(2);
    // a task boundary before each link: the first task sees only the link that was there
    expect(seenBefore).toEqual([1, 2]);
    expect(links().map((l) => l.getAttribute('href'))).toEqual(['/assets/c-b.js', '/assets/c-a.js', '/assets/c-c.js']);
    const a = links()[1]!;
    expect([a.as, a.crossOrigin, a.getAttribute('crossorigin'), a.hasAttribute('data-first-chunk')]).toEqual(['script', '', '', true]);
    expect(links()[0]!.hasAttribute('data-first-chunk')).toBe(false);
  });

  it('does nothing on a page without a list (the preload helper then adds the links itself)', async () => {
    let tasks = 0;
    expect(await preloadFirstChunks(document, async () => void tasks++)).toBe(0);
    expect([tasks, links().length]).toEqual([0, 0]);
  });
});
