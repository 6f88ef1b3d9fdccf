import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir, hostname } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { applyHttpTimeouts, DataDirLockedError, httpTimeouts, lockDataDir, lockFileOf } from './lifecycle.ts';

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

describe('keep-alive and header timeouts', () => {
  it('keeps idle connections longer than a load balancer (65 s), headers 66 s, a request 300 s, by default', () => {
    const server = http.createServer();
    applyHttpTimeouts(server, httpTimeouts({}));
    expect([server.keepAliveTimeout, server.headersTimeout, server.requestTimeout]).toEqual([65_000, 66_000, 300_000]);
  });

  it('reads KEEP_ALIVE_TIMEOUT_MS, HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS, and refuses headers above the request limit', () => {
    expect(httpTimeouts({ KEEP_ALIVE_TIMEOUT_MS: '75000', HEADERS_TIMEOUT_MS: '76000', REQUEST_TIMEOUT_MS: '0' })).toEqual({ keepAliveTimeoutMs: 75_000, headersTimeoutMs: 76_000, requestTimeoutMs: 0 });
    expect(() => httpTimeouts({ HEADERS_TIMEOUT_MS: '90000', REQUEST_TIMEOUT_MS: '60000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => httpTimeouts({ KEEP_ALIVE_TIMEOUT_MS: '5s' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});
