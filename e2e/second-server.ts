import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.ts';

/**
 * A second server like playwright.config.ts's webServer but started with extra environment (a flag read once at
 * start, or FAKE_NOW: server/clock.ts), on the same PostgreSQL database as the suite's server (its migrations and
 * seed take the advisory lock, docs/operations.md: several processes share one database), or on a PGlite folder of
 * its own when the suite runs on PGlite. No gift worker (the suite's server has one).
 *
 * Its port: `process.env[portEnv]` when set, else a free one. The two Playwright workers may each start one at the
 * same moment; a free port is taken again (up to 3 times) when the server exits because another process took it
 * between freePort() and its listen (EADDRINUSE). `stop()` ends it (SIGTERM, then SIGKILL after 10 s): call it in
 * a `finally`.
 */
export async function startSecondServer(name: string, env: Record<string, string>, portEnv: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const fixed = Number(process.env[portEnv]) || 0;
  for (let attempt = 1; ; attempt++) {
    const port = fixed || (await freePort());
    try {
      return await start(name, port, env);
    } catch (e) {
      if (fixed || attempt >= 3 || !(e instanceof PortTaken)) throw e;
    }
  }
}

class PortTaken extends Error {}

async function start(name: string, port: number, env: Record<string, string>) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), `harbor-e2e-${name}-`)), 'data'),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      APP_ENV: 'test',
      DEV_TOOLS: 'true',
      TRUST_PROXY: 'loopback',
      ENABLE_IN_APP_DELIVERY: 'true',
      GIFT_WORKER: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (output.includes('EADDRINUSE')) throw new PortTaken(`port ${port} taken`);
      throw new Error(`the ${name} server exited (${child.exitCode}):\n${output}`);
    }
    // its own "[server] ready" line first: /healthz alone could be answered by another process on the port
    const ok = output.includes('[server] ready') && (await fetch(`${url}/healthz`).then((r) => r.ok, () => false));
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${name} server did not answer /healthz in 240 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
