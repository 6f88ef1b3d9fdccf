/**
 * SIGTERM behind a load balancer (server/lifecycle.ts): /healthz answers 503 at once, keep-alive connections get
 * `Connection: close`, in-flight requests are answered, idle and half-sent connections are closed, and the process
 * exits within SHUTDOWN_TIMEOUT_MS even when clients misbehave. On PostgreSQL, where the test can hold a lock to
 * keep a request in flight. Open Server-Sent Events streams (docs/order-status.md 3.4): ended with `: bye` at the
 * signal (not held until the deadline), then the process exits 0 after the drain.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { openSse, waitFor } from './sse.ts';
import { Client, newPgDatabase, nextIp, pgReachable, preparedPgTemplate, request, sleep, startServer, stopServer, type Reply, type ServerProcess } from './harness.ts';

const DEADLINE_MS = 8000;
const reachable = await pgReachable();
let template: { name: string; drop(): Promise<void> } | undefined;
before(async () => {
  if (reachable) template = await preparedPgTemplate();
});
after(async () => {
  await template?.drop();
});

async function serverOnCopy(extra: Record<string, string> = {}) {
  const db = await newPgDatabase(template!.name);
  const s = await startServer({ DATABASE_URL: db.url, SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS), ...extra });
  return { db, s };
}

const exitedWithin = async (s: ServerProcess, since: number) => {
  const e = await s.exited;
  return { code: e.code, ms: e.at - since };
};

test('keep-alive traffic: 503 on /healthz at once, Connection: close, exit well within the deadline', { skip: !reachable && 'PostgreSQL not reachable' }, async () => {
  const { db, s } = await serverOnCopy({ SHUTDOWN_DRAIN_MS: '2000' });
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    let stopAt = 0;
    let drainingSeen = 0;
    const replies: Array<{ reply: Reply; afterSignal: boolean }> = [];
    const errors: string[] = [];
    const loop = async () => {
      while (s.child.exitCode === null && s.child.signalCode === null) {
        const sentAfter = drainingSeen > 0;
        try {
          const reply = await request(s.port, 'GET', '/apiproxy/v1/stores/10001-10101', { agent });
          replies.push({ reply, afterSignal: sentAfter });
          // refused with 503 once the drain is over: a client (the load balancer) goes to another process
          if (reply.status === 503) return;
        } catch (e) {
          // refused / reset once the listener and the connections are closed: never an answered request lost
          errors.push((e as NodeJS.ErrnoException).code ?? String(e));
          await sleep(20);
        }
      }
    };
    const loops = Array.from({ length: 4 }, loop);
    await sleep(1000);
    assert.equal((await request(s.port, 'GET', '/healthz', { agent })).status, 200);
    stopAt = Date.now();
    s.child.kill('SIGTERM');
    // The signal reaches the process asynchronously: under load a request sent right after kill() can be read before
    // the handler runs (seen once in CI: 200). What must hold is that /healthz says 503 as soon as the process has
    // taken the signal, which it logs; it must take it promptly, well before SHUTDOWN_DRAIN_MS ends.
    while (!s.output().includes('[lifecycle] SIGTERM: draining')) {
      assert.ok(Date.now() - stopAt < 1000, `SIGTERM not taken within 1 s:\n${s.output()}`);
      await sleep(5);
    }
    const health = await request(s.port, 'GET', '/healthz'); // a new connection during SHUTDOWN_DRAIN_MS
    drainingSeen = Date.now();
    assert.equal(health.status, 503);
    assert.equal(health.headers.connection, 'close');
    const exit = await exitedWithin(s, stopAt);
    await Promise.all(loops);
    agent.destroy();
    assert.equal(exit.code, 0, s.output());
    assert.ok(exit.ms < DEADLINE_MS, `exited in ${exit.ms} ms, deadline ${DEADLINE_MS} ms`);
    assert.ok(replies.length > 10, `keep-alive traffic was served (${replies.length} replies)`);
    assert.ok(
      replies.every((r) => r.reply.status === 200 || (r.afterSignal && r.reply.status === 503 && r.reply.headers.connection === 'close')),
      'every answered request succeeded, or was refused with 503 and Connection: close after the drain',
    );
    const late = replies.filter((r) => r.afterSignal);
    // requests sent once /healthz said 503 (the server is draining) are all answered with Connection: close
    assert.ok(late.every((r) => r.reply.headers.connection === 'close'), 'while draining every response says Connection: close');
    console.log(`keep-alive: ${replies.length} replies (${late.length} after SIGTERM, all Connection: close), ${errors.length} refused/reset after close, exit in ${exit.ms} ms`);
  } finally {
    s.child.kill('SIGKILL');
    await db.drop();
  }
});

test('a slow in-flight request is answered after SIGTERM, then the process exits', { skip: !reachable && 'PostgreSQL not reachable' }, async () => {
  const { db, s } = await serverOnCopy();
  const blocker = new pg.Client({ connectionString: db.url });
  try {
    const member = new Client(s.port, nextIp());
    const signin = await member.call('POST', '/apiproxy/v1/account/signin', { username: 'demo@example.com', password: 'Harbor-Demo-2026', rememberMe: false, market: 'US', transactionSubType: 'signin', reputation: {} });
    assert.equal(signin.status, 200, signin.body);
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table users in exclusive mode'); // the profile update below waits on it
    const keepAlive = new http.Agent({ keepAlive: true });
    assert.equal((await request(s.port, 'GET', '/healthz', { agent: keepAlive })).status, 200);
    const slow = member.call('PATCH', '/apiproxy/v1/account/profile', { lastName: 'Slowpoke' });
    await sleep(500);
    const stopAt = Date.now();
    s.child.kill('SIGTERM');
    await sleep(200);
    const health = await request(s.port, 'GET', '/healthz', { agent: keepAlive }).catch((e: Error) => e);
    // the idle keep-alive connection was closed at once; /healthz on it is refused or reset, never 200
    assert.ok(health instanceof Error || health.status === 503, `healthz during shutdown: ${health instanceof Error ? health.message : health.status}`);
    await sleep(1000);
    assert.equal(s.child.exitCode, null, 'still running while a request is in flight');
    await blocker.query('commit');
    const reply = await slow;
    assert.equal(reply.status, 200, reply.body);
    assert.equal(reply.json.lastName, 'Slowpoke');
    assert.equal(reply.headers.connection, 'close');
    const exit = await exitedWithin(s, stopAt);
    assert.equal(exit.code, 0, s.output());
    assert.ok(exit.ms < DEADLINE_MS, `exited in ${exit.ms} ms`);
    keepAlive.destroy();
    console.log(`slow in-flight: answered 200 after ${reply ? Date.now() - stopAt : 0} ms, exit in ${exit.ms} ms`);
  } finally {
    await blocker.end().catch(() => undefined);
    s.child.kill('SIGKILL');
    await db.drop();
  }
});

test('half-sent requests and idle connections do not hold the process: exit within the deadline', { skip: !reachable && 'PostgreSQL not reachable' }, async () => {
  const { db, s } = await serverOnCopy();
  try {
    const open = (data: string) =>
      new Promise<{ socket: net.Socket; closedAt: () => number | null }>((resolve, reject) => {
        let closedAt: number | null = null;
        const socket = net.connect(s.port, '127.0.0.1');
        socket.on('close', () => (closedAt = Date.now()));
        socket.on('error', () => undefined);
        socket.once('connect', () => {
          socket.write(data);
          resolve({ socket, closedAt: () => closedAt });
        });
        socket.once('error', reject);
      });
    // a CSRF token, so that the half-sent POST below gets past the CSRF check and waits for its body
    const session = await request(s.port, 'GET', '/apiproxy/v1/session');
    const csrf = /csrf=([^;]+)/.exec(String(session.headers['set-cookie']))![1]!;
    const halfHeaders = await open(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nX-Slow: `);
    const halfBody = await open(
      `POST /apiproxy/v1/locations/nearest-location HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nCookie: csrf=${csrf}\r\nX-CSRF-Token: ${csrf}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"lat`,
    );
    const idle = await open(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n\r\n`); // answered, then kept alive
    let early = '';
    halfBody.socket.on('data', (d: Buffer) => (early += d.toString()));
    await sleep(500);
    const stopAt = Date.now();
    s.child.kill('SIGTERM');
    const exit = await exitedWithin(s, stopAt);
    await sleep(300);
    // exit code 0 comes only from the server's close callback, which runs once every connection has closed
    const closedAfter = [halfHeaders, halfBody, idle].map((c) => c.closedAt());
    assert.ok(exit.ms < DEADLINE_MS, `exited in ${exit.ms} ms, deadline ${DEADLINE_MS} ms`);
    assert.equal(exit.code, 0, s.output());
    assert.equal(early, '', 'the half-sent request was not answered (it was waiting for its body)');
    console.log(`half-sent: connections closed (client side) after ${closedAfter.map((t) => (t === null ? 'not seen' : t - stopAt)).join(', ')} ms; exit in ${exit.ms} ms (deadline ${DEADLINE_MS} ms)`);
  } finally {
    s.child.kill('SIGKILL');
    await db.drop();
  }
});

test('a request that never finishes is cut at SHUTDOWN_TIMEOUT_MS: exit 1 at the deadline', { skip: !reachable && 'PostgreSQL not reachable' }, async () => {
  const { db, s } = await serverOnCopy({ SHUTDOWN_TIMEOUT_MS: '2000' });
  const blocker = new pg.Client({ connectionString: db.url });
  try {
    const member = new Client(s.port, nextIp());
    assert.equal((await member.call('POST', '/apiproxy/v1/account/signin', { username: 'demo@example.com', password: 'Harbor-Demo-2026', rememberMe: false, market: 'US', transactionSubType: 'signin', reputation: {} })).status, 200);
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table users in exclusive mode');
    const stuck = member.call('PATCH', '/apiproxy/v1/account/profile', { lastName: 'Stuck' }).catch((e: Error) => e);
    await sleep(300);
    const stopAt = Date.now();
    s.child.kill('SIGTERM');
    const exit = await exitedWithin(s, stopAt);
    assert.equal(exit.code, 1);
    assert.ok(exit.ms >= 2000 && exit.ms < 2000 + 3000, `exited ${exit.ms} ms after SIGTERM`);
    assert.ok((await stuck) instanceof Error, 'the stuck request was cut');
    assert.match(s.output(), /deadline reached/);
    console.log(`stuck request: exit 1 after ${exit.ms} ms (deadline 2000 ms)`);
  } finally {
    await blocker.query('rollback').catch(() => undefined);
    await blocker.end().catch(() => undefined);
    s.child.kill('SIGKILL');
    await db.drop();
  }
});

export { stopServer };

test('open SSE streams: each ends with ": bye" at the signal, before the drain ends; exit 0 well within the deadline', { skip: !reachable && 'PostgreSQL not reachable' }, async () => {
  const DRAIN_MS = 2000;
  const { db, s } = await serverOnCopy({ SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
  const STREAMS = 40;
  try {
    // menu stock streams of two stores (anyone may open them), one client address per stream (the per-IP limit)
    const streams = Array.from({ length: STREAMS }, (_, i) => openSse(s.port, `/apiproxy/v1/ordering/stores/${i % 2 ? '10003' : '10001'}/stock-events`, { 'x-forwarded-for': nextIp() }));
    const statuses = await Promise.all(streams.map((x) => x.opened));
    assert.deepEqual(new Set(statuses), new Set([200]));
    // each has its `retry:` line: the subscriber is registered on the hub
    assert.ok(await waitFor(() => streams.every((x) => x.frames.some((f) => f.retry !== null)), 5000), 'every stream opened on the hub');
    const endedAt = new Map<number, number>();
    const watch = setInterval(() => streams.forEach((x, i) => x.ended() && !endedAt.has(i) && endedAt.set(i, Date.now())), 10);
    const stopAt = Date.now();
    s.child.kill('SIGTERM');
    const allEnded = await waitFor(() => streams.every((x) => x.ended()), DRAIN_MS - 500);
    const endMs = Math.max(...[...endedAt.values()].map((t) => t - stopAt), 0);
    assert.ok(allEnded, `streams still open ${DRAIN_MS - 500} ms after SIGTERM: ${streams.filter((x) => !x.ended()).length} of ${STREAMS}\n${s.output()}`);
    assert.ok(
      streams.every((x) => x.frames.at(-1)?.comment === 'bye'),
      'every stream ended with the ": bye" comment (the client reconnects elsewhere with its Last-Event-ID)',
    );
    const exit = await exitedWithin(s, stopAt);
    clearInterval(watch);
    assert.equal(exit.code, 0, s.output());
    assert.ok(exit.ms >= DRAIN_MS - 200 && exit.ms < DRAIN_MS + 3000, `exited ${exit.ms} ms after SIGTERM (drain ${DRAIN_MS} ms, deadline ${DEADLINE_MS} ms)`);
    console.log(`open streams: ${STREAMS} ended with ': bye' within ${endMs} ms of SIGTERM; exit 0 in ${exit.ms} ms (drain ${DRAIN_MS} ms, deadline ${DEADLINE_MS} ms)`);
  } finally {
    s.child.kill('SIGKILL');
    await db.drop();
  }
});
