/**
 * Keep-alive connections at SIGTERM and between requests (server/lifecycle.ts, docs/operations.md "Shutdown" and
 * "Keep-alive and header timeouts"), on PGlite, where one query holds the whole event loop:
 * - clients that keep sending over keep-alive connections while SIGTERM arrives: no request the client had sent in
 *   full is reset (each is answered, or refused with 503 once the drain is over, with `Connection: close`); only
 *   new connections after the listener closed are refused;
 * - the same while the process is not reading its sockets (stopped with SIGSTOP, as a long PGlite query or a GC
 *   pause does) when the drain ends: the requests waiting unread in the kernel are answered, not reset;
 * - with SHUTDOWN_DRAIN_MS: the requests of the last moments of the drain are answered too;
 * - an idle keep-alive connection kept longer than Node's default keep-alive timeout (5 s) is still open and
 *   serves its next request (KEEP_ALIVE_TIMEOUT_MS, default 65 s); KEEP_ALIVE_TIMEOUT_MS=1000 closes it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';

import { preparedPgliteDir, removeDir, sleep, startServer, type ServerProcess } from './harness.ts';

interface Sent {
  status?: number;
  connection?: string;
  error?: string;
  /** the whole request had been written to the connection when the error came */
  sentInFull: boolean;
  reused: boolean;
  at: number;
}

/** One GET on `agent`; never rejects: the outcome says what happened. */
function send(port: number, agent: http.Agent, urlPath: string): Promise<Sent> {
  return new Promise((resolve) => {
    let sentInFull = false;
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, sentInFull, reused: req.reusedSocket, at: Date.now() }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, sentInFull, reused: req.reusedSocket, at: Date.now() }));
    });
    req.on('finish', () => (sentInFull = true));
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, sentInFull, reused: req.reusedSocket, at: Date.now() }));
    req.end();
  });
}

const running = (s: ServerProcess) => s.child.exitCode === null && s.child.signalCode === null;

/** `clients` loops sending one request after another over keep-alive connections until the server has exited. */
function keepSending(s: ServerProcess, clients: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const results: Sent[] = [];
  const loop = async () => {
    while (running(s)) {
      const r = await send(s.port, agent, '/apiproxy/v1/stores/10001-10101');
      results.push(r);
      // refused with 503 (draining): a client, or the load balancer, goes to another process
      if (r.status === 503) return;
      if (r.error) await sleep(10);
    }
  };
  const loops = Array.from({ length: clients }, loop);
  return {
    results,
    async done() {
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** A reset is an error on a request that had been written in full; a refused connection never sent its request. */
function summary(results: Sent[], since: number) {
  const resets = results.filter((r) => r.error && r.sentInFull);
  const answered = results.filter((r) => r.status !== undefined);
  const late = answered.filter((r) => r.at >= since);
  const refused503 = answered.filter((r) => r.status === 503).length;
  return {
    resets,
    answered,
    late,
    line: `resets at ${resets.map((r) => `+${r.at - since}${r.reused ? "r" : "n"}`).join(" ")}; ${answered.length} answered (${late.length} after SIGTERM, ${late.filter((r) => r.connection === 'close').length} of them Connection: close; ${refused503} refused with 503), ${resets.length} reset after being sent in full (${resets.map((r) => r.error).join(', ') || 'none'}), ${results.filter((r) => r.error && !r.sentInFull).length} refused/not sent`,
  };
}

let template = '';
before(async () => {
  template = await preparedPgliteDir();
});
after(async () => {
  if (template) await removeDir(template);
});

async function pgliteServer(extra: Record<string, string> = {}) {
  const dir = `${template}-${Math.random().toString(36).slice(2)}`;
  const { copyDir } = await import('./harness.ts');
  await copyDir(template, dir);
  const s = await startServer({ DATA_DIR: dir, SHUTDOWN_TIMEOUT_MS: '8000', ...extra });
  return { s, cleanup: () => removeDir(dir) };
}

test('clients that keep sending over keep-alive while SIGTERM arrives: no request sent in full is reset', async () => {
  const { s, cleanup } = await pgliteServer();
  try {
    const traffic = keepSending(s, 8);
    await sleep(1500);
    const stopAt = Date.now();
    s.child.kill('SIGTERM');
    const exit = await s.exited;
    await traffic.done();
    const r = summary(traffic.results, stopAt);
    console.log(`keep sending, no drain: ${r.line}; exit ${exit.code} in ${exit.at - stopAt} ms`);
    assert.equal(exit.code, 0, s.output());
    assert.ok(r.answered.length > 20, `traffic was served (${r.answered.length})`);
    assert.ok(r.answered.every((a) => a.status === 200 || (a.status === 503 && a.connection === 'close')), 'answered, or refused with 503 and Connection: close');
    assert.deepEqual(r.resets, [], 'no request sent in full was reset');
  } finally {
    s.child.kill('SIGKILL');
    await cleanup();
  }
});

test('requests waiting unread in the kernel when the listener closes (process not reading: SIGSTOP) are answered, not reset', async () => {
  const { s, cleanup } = await pgliteServer({ SHUTDOWN_DRAIN_MS: '1000' });
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    // 8 keep-alive connections, each used once and idle now
    const warm = await Promise.all(Array.from({ length: 8 }, () => send(s.port, agent, '/apiproxy/v1/stores/10001-10101')));
    assert.ok(warm.every((w) => w.status === 200));
    // other clients keep the process busy, so that it is stopped (below) while running a request's work rather
    // than waiting for the sockets: it then runs its timers (the end of the drain) before reading them again
    const traffic = keepSending(s, 4);
    await sleep(300);
    const stopAt = Date.now();
    s.child.kill('SIGTERM');
    await sleep(600);
    // the process stops reading its sockets (as during a long PGlite query or a GC pause) near the end of the drain;
    // the requests below are sent in full meanwhile, and the drain ends while they wait unread
    s.child.kill('SIGSTOP');
    const pending = Array.from({ length: 8 }, () => send(s.port, agent, '/apiproxy/v1/stores/10001-10101'));
    await sleep(800);
    s.child.kill('SIGCONT');
    const results = await Promise.all(pending);
    const exit = await s.exited;
    await traffic.done();
    agent.destroy();
    const r = summary(results, stopAt);
    const others = summary(traffic.results, stopAt);
    console.log(`unread when the listener closes: the 8: ${r.line}; the other clients: ${others.line}; exit ${exit.code} in ${exit.at - stopAt} ms`);
    assert.ok(results.every((x) => x.reused && x.sentInFull), `all 8 were sent in full on the idle keep-alive connections: ${JSON.stringify(results)}`);
    assert.deepEqual(r.resets, [], 'no request sent in full was reset');
    // the drain ended while they waited: refused with 503 (no database work) or answered, with Connection: close
    assert.ok(results.every((x) => (x.status === 200 || x.status === 503) && x.connection === 'close'), 'each answered or refused with Connection: close');
    assert.deepEqual(others.resets, [], 'no request of the other clients was reset either');
    assert.equal(exit.code, 0, s.output());
  } finally {
    s.child.kill('SIGCONT');
    s.child.kill('SIGKILL');
    await cleanup();
  }
});

test('with SHUTDOWN_DRAIN_MS: the requests of the last moments of the drain are answered, not reset', async () => {
  const { s, cleanup } = await pgliteServer({ SHUTDOWN_DRAIN_MS: '1500' });
  try {
    const traffic = keepSending(s, 8);
    await sleep(1000);
    const stopAt = Date.now();
    s.child.kill('SIGTERM');
    const exit = await s.exited;
    await traffic.done();
    const r = summary(traffic.results, stopAt);
    console.log(`keep sending, 1.5 s drain: ${r.line}; exit ${exit.code} in ${exit.at - stopAt} ms`);
    assert.equal(exit.code, 0, s.output());
    assert.ok(r.late.filter((a) => a.status === 200).length > 8, `traffic was served during the drain (${r.late.length})`);
    assert.ok(r.answered.every((a) => a.status === 200 || (a.status === 503 && a.connection === 'close')), 'answered, or refused with 503 and Connection: close');
    assert.deepEqual(r.resets, [], 'no request sent in full was reset');
  } finally {
    s.child.kill('SIGKILL');
    await cleanup();
  }
});



/** A raw keep-alive connection: one request at a time, the time the server closed it (if it did). */
async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffer = '';
  let closedAt: number | null = null;
  socket.on('data', (d: Buffer) => (buffer += d.toString()));
  socket.on('end', () => (closedAt ??= Date.now()));
  socket.on('close', () => (closedAt ??= Date.now()));
  socket.on('error', () => undefined);
  return {
    socket,
    closedAt: () => closedAt,
    async get(urlPath: string): Promise<string> {
      buffer = '';
      socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      const started = Date.now();
      while (!/\r\n\r\n/.test(buffer) || !/^HTTP\/1\.1 \d+/.test(buffer)) {
        if (closedAt !== null) throw new Error(`connection closed by the server (${buffer.length} bytes received)`);
        if (Date.now() - started > 10_000) throw new Error('no answer in 10 s');
        await sleep(10);
      }
      return /^HTTP\/1\.1 (\d+)/.exec(buffer)![1]!;
    },
  };
}

test('an idle keep-alive connection kept 6 s (past Node\'s default 5 s) stays open and serves its next request; KEEP_ALIVE_TIMEOUT_MS sets it', async () => {
  const { s, cleanup } = await pgliteServer();
  const short = await pgliteServer({ KEEP_ALIVE_TIMEOUT_MS: '1000' });
  try {
    const c = await rawConnection(s.port);
    const d = await rawConnection(short.s.port);
    assert.equal(await c.get('/healthz'), '200');
    assert.equal(await d.get('/healthz'), '200');
    const idleFrom = Date.now();
    await sleep(6000);
    assert.equal(c.closedAt(), null, `the server closed the idle connection after ${(c.closedAt() ?? 0) - idleFrom} ms`);
    assert.equal(await c.get('/healthz'), '200', 'the next request on it is answered');
    const closedAfter = (d.closedAt() ?? Infinity) - idleFrom;
    assert.ok(closedAfter >= 900 && closedAfter < 4000, `KEEP_ALIVE_TIMEOUT_MS=1000: closed after ${closedAfter} ms`);
    console.log(`keep-alive: default, open after 6 s idle and reused; KEEP_ALIVE_TIMEOUT_MS=1000, closed after ${closedAfter} ms`);
    c.socket.destroy();
  } finally {
    s.child.kill('SIGKILL');
    short.s.child.kill('SIGKILL');
    await cleanup();
    await short.cleanup();
  }
});
