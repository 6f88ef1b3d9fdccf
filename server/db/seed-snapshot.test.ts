import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeSeedSnapshot } from '../../scripts/seed-snapshot.ts';
import { openDatabase } from '../lifecycle.ts';
import { repoRoot } from './repo-root.ts';
import { readManifest, restoreSeedSnapshot, snapshotKey, snapshotUnusableReason } from './seed-snapshot.ts';

describe('seed snapshot key', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'snapkey-'));
    write('server/db/seed/seed.ts', 'seed v1');
    write('server/db/migrations/001_core.sql', 'create table a ();');
    write('package-lock.json', '{}');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('changes with a listed file, an added or changed migration; null when a listed file is missing', () => {
    const files = ['server/db/seed/seed.ts', 'package-lock.json'];
    const k1 = snapshotKey(root, files);
    expect(k1).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshotKey(root, [...files].reverse())).toBe(k1);
    write('server/db/seed/seed.ts', 'seed v2');
    const k2 = snapshotKey(root, files);
    expect(k2).not.toBe(k1);
    write('server/db/migrations/002_more.sql', 'create table b ();');
    const k3 = snapshotKey(root, files);
    expect(k3).not.toBe(k2);
    write('server/db/migrations/002_more.sql', 'create table c ();');
    expect(snapshotKey(root, files)).not.toBe(k3);
    write('package-lock.json', '{"x":1}');
    expect(snapshotKey(root, files)).not.toBe(k3);
    expect(snapshotKey(root, [...files, 'server/db/seed/gone.ts'])).toBeNull();
  });
});

describe('seed snapshot: made by the build, copied by a first start', () => {
  const root = repoRoot();
  const files = ['server/db/seed/seed.ts', 'server/db/seed/stores.ts'];
  let dir: string;
  let out: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
    out = path.join(dir, 'dist-seed');
    const first = await makeSeedSnapshot({ root, out, files, worker: path.join(root, 'server/db/seed-worker.ts'), storeCount: 40 });
    expect(first.made).toBe(true);
  }, 180_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps a current snapshot, names why another cannot be used', async () => {
    const again = await makeSeedSnapshot({ root, out, files, worker: path.join(root, 'server/db/seed-worker.ts'), storeCount: 40 });
    expect(again.made).toBe(false);
    expect(again.manifest.seeded).toEqual({ stores: 40, places: 28742, users: 2 });
    expect(snapshotUnusableReason(root, out, 40)).toBeNull();
    expect(snapshotUnusableReason(root, out, 17000)).toBe('the snapshot has 40 stores, not 17000');
    expect(snapshotUnusableReason(root, path.join(dir, 'nowhere'), 40)).toBe(`no snapshot in ${path.join(dir, 'nowhere')} (npm run build makes it)`);
    const stale = path.join(dir, 'stale');
    fs.cpSync(out, stale, { recursive: true });
    const m = readManifest(stale)!;
    fs.writeFileSync(path.join(stale, 'manifest.json'), JSON.stringify({ ...m, key: '0'.repeat(64) }));
    expect(snapshotUnusableReason(root, stale, 40)).toBe('the migrations, seed sources or packages changed since the snapshot (npm run build remakes it)');
    const empty = path.join(dir, 'fresh-off');
    expect(restoreSeedSnapshot({ SEED_SNAPSHOT: 'off', SEED_SNAPSHOT_DIR: out }, empty, 40, root)).toEqual({ skipped: 'SEED_SNAPSHOT=off' });
    expect(restoreSeedSnapshot({ SEED_SNAPSHOT_DIR: stale }, empty, 40, root)).toEqual({ skipped: 'the migrations, seed sources or packages changed since the snapshot (npm run build remakes it)' });
    expect(fs.existsSync(empty)).toBe(false);
  });

  it('a first start on a fresh folder copies it, opens it migrated and seeded, and writes to it', async () => {
    const dataDir = path.join(dir, 'data');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    let opened: Awaited<ReturnType<typeof openDatabase>> | undefined;
    try {
      opened = await openDatabase({ DATA_DIR: dataDir, SEED_STORE_COUNT: '40', SEED_SNAPSHOT_DIR: out, DATABASE_URL: '' });
      const lines = log.mock.calls.map((c) => String(c[0]));
      expect(lines.some((l) => /^\[db\] seeded 40 stores, 28742 places, 2 demo accounts: copied the build's seed snapshot \(dist-seed\/\) in \d+ ms$/.test(l))).toBe(true);
      expect(lines.some((l) => l.startsWith('[db] applied'))).toBe(false);
      const { db } = opened;
      expect((await db.query<{ n: number }>('select count(*)::int as n from stores')).rows[0]!.n).toBe(40);
      // the 2 demo accounts, and the 9 seeded baristas and lead of the console (server/db/seed/users.ts STAFF)
      expect((await db.query<{ n: number }>(`select count(*)::int as n from users u where not exists (select 1 from staff_members s where s.user_id = u.id)`)).rows[0]!.n).toBe(2);
      expect((await db.query<{ n: number }>(`select count(distinct user_id)::int as n from staff_members`)).rows[0]!.n).toBe(9);
      await db.query(`insert into signing_keys (name, secret) values ('t', $1)`, ['x'.repeat(43)]);
      expect((await db.query<{ n: number }>(`select count(*)::int as n from signing_keys`)).rows[0]!.n).toBe(1);
    } finally {
      await opened?.close();
      log.mockRestore();
    }
    // the snapshot itself is untouched by the start
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(`${dataDir}.snapshot-partial`)).toBe(false);
  });
});
