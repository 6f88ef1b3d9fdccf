import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir, hostname } from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir, lockFileOf } from './lifecycle.ts';

const dir = () => path.join(mkdtempSync(path.join(tmpdir(), 'harbor-lock-')), 'data');

describe('PGlite data-folder lock', () => {
  it('writes the owner pid beside the folder and removes it on release', () => {
    const d = dir();
    const lock = lockDataDir(d);
    expect(lock.file).toBe(`${d}.lock`);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('refuses while a live process owns it, naming that process', () => {
    const d = dir();
    // the parent of this test process is a live node process (vitest)
    writeFileSync(lockFileOf(d), JSON.stringify({ pid: process.ppid, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }));
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(d)).toThrow(`DATA_DIR ${d} is in use by process ${process.ppid} on ${hostname()}`);
    expect(() => lockDataDir(d)).toThrow('Only one process may use a PGlite data folder');
  });

  it('takes over a stale lock whose process is gone', () => {
    const d = dir();
    writeFileSync(lockFileOf(d), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }));
    const lock = lockDataDir(d);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('treats an unreadable lock file as stale', () => {
    const d = dir();
    writeFileSync(lockFileOf(d), '{"pid":');
    const lock = lockDataDir(d);
    lock.release();
  });
});
