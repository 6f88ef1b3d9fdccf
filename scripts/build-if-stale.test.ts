import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STAMP, staleReason } from './build-if-stale.ts';
import { SERVER_STAMP, serverStaleReason } from './server-build.mjs';

describe('npm start builds only when dist/ is stale', () => {
  let root: string;
  const touch = async (rel: string, secondsAgo: number) => {
    const p = path.join(root, rel);
    await mkdir(path.dirname(p), { recursive: true });
    await writeFile(p, 'x');
    const t = new Date(Date.now() - secondsAgo * 1000);
    await utimes(p, t, t);
  };
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'stale-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('missing build, current build, then a changed source', async () => {
    await touch('src/main.tsx', 100);
    await touch('index.html', 100);
    expect(await staleReason(root)).toBe(`${STAMP} missing`);
    await touch(STAMP, 50);
    expect(await staleReason(root)).toBeNull();
    await touch('src/views/locator/Deep.tsx', 10);
    expect(await staleReason(root)).toBe(path.join('src', 'views', 'locator', 'Deep.tsx') + ' changed');
    await touch(STAMP, 5);
    await touch('vite.config.ts', 1);
    expect(await staleReason(root)).toBe('vite.config.ts changed');
  });

  it('the compiled server: missing, current, then a changed input esbuild read', async () => {
    expect(serverStaleReason(root)).toBe(`${SERVER_STAMP} missing`);
    await touch('server/main.ts', 100);
    await touch('dist-server/meta.json', 50);
    await writeFile(path.join(root, 'dist-server/meta.json'), JSON.stringify({ inputs: ['server/main.ts'] }));
    await touch(SERVER_STAMP, 50);
    expect(serverStaleReason(root)).toBeNull();
    await touch('server/main.ts', 10);
    expect(serverStaleReason(root)).toBe('server/main.ts changed');
  });
});
