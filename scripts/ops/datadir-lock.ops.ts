/**
 * One process per PGlite data folder (server/lifecycle.ts): a second process on the same DATA_DIR refuses to
 * start with a clear message; after the owner is killed with -9, its stale lock is cleaned and a new process starts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { preparedPgliteDir, removeDir, request, spawnServer, startServer, stopServer } from './harness.ts';

test('a second process on one PGlite folder is refused; a stale lock (kill -9) is cleaned', async () => {
  const dir = await preparedPgliteDir();
  const first = await startServer({ DATA_DIR: dir });
  try {
    const lockFile = `${dir}.lock`;
    assert.ok(existsSync(lockFile), 'the lock file exists while the server runs');
    assert.equal(JSON.parse(readFileSync(lockFile, 'utf8')).pid, first.pid);

    const second = spawnServer({ DATA_DIR: dir });
    await assert.rejects(second.ready);
    const exit = await new Promise<number | null>((r) => (second.proc.exitCode !== null ? r(second.proc.exitCode) : second.proc.once('exit', (c) => r(c))));
    assert.equal(exit, 1);
    assert.match(second.output(), new RegExp(`\\[server\\] not started: DATA_DIR ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by process ${first.pid} `));
    assert.match(second.output(), /Only one process may use a PGlite data folder/);
    // the first one is untouched
    assert.equal((await request(first.port, 'GET', '/healthz')).status, 200);

    first.child.kill('SIGKILL');
    await first.exited;
    assert.ok(existsSync(lockFile), 'kill -9 leaves the lock file behind');
    const third = await startServer({ DATA_DIR: dir });
    assert.match(third.output(), new RegExp(`removing stale lock .* of process ${first.pid}`));
    assert.equal((await request(third.port, 'GET', '/healthz')).status, 200);
    assert.equal((await stopServer(third)).code, 0);
    assert.ok(!existsSync(lockFile), 'a clean stop removes the lock file');
  } finally {
    first.child.kill('SIGKILL');
    await removeDir(dir);
  }
});
