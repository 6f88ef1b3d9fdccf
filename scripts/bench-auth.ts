/**
 * npm run bench:auth — the password sign-in ceiling on this machine, as ratios against /healthz on the same server
 * in the same run (never absolute timing asserts): argon2id with OWASP's parameters (m = 19456 KiB, t = 2, p = 1;
 * the hashes made now) against scrypt N = 2^17, r = 8, p = 1 (the hashes made before; they still verify and are
 * rehashed at the next sign-in).
 *
 * A child process serves the real app (createApp over an in-memory PGlite, migrated, with bench users whose hashes
 * are argon2id or scrypt) on a free port of 127.0.0.1; this process sends a fixed number of requests with a fixed
 * number in flight ("50 at once" is the issue's scenario). Rows:
 *  - healthz: the baseline (one `select 1`);
 *  - argon2id sign-in: the right password, 200 and a new session;
 *  - argon2id / scrypt verify: a wrong password, 401 — the same hash work as a sign-in without the session insert,
 *    which is how an old scrypt sign-in can be measured without it being rehashed (each request comes from its own
 *    X-Forwarded-For address and username, under the throttles' free attempts).
 * Options (environment): BENCH_CONCURRENCY (default "8,50"), BENCH_SIGNINS (100 per row and concurrency),
 * BENCH_SCRYPT_SIGNINS (50), BENCH_HEALTHZ (2000).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { openPglite } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { ARGON2_OWASP, argon2Params, hashPassword, hashScrypt } from '../server/auth/passwords.ts';
import { insertUser } from '../server/auth/users.ts';

const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '8,50').split(',').map(Number);
const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 100);
const SCRYPT_SIGNINS = Number(process.env.BENCH_SCRYPT_SIGNINS ?? 50);
const HEALTHZ = Number(process.env.BENCH_HEALTHZ ?? 2000);
const PASSWORD = 'Bench-Lantern-Harbor-2026';
/** users per kind: a wrong password is tried at most once per user, far under the per-username free attempts */
const USERS = 400;

interface Ready {
  port: number;
  argon2: string;
}

async function serveChild() {
  // the hashing parameters of a real run: nothing lowers them here
  delete process.env.PASSWORD_HASH_ARGON2_MEMORY_KIB;
  delete process.env.PASSWORD_HASH_ARGON2_TIME;
  delete process.env.PASSWORD_HASH_LOG_N;
  process.env.APP_ENV = 'production';
  process.env.TRUST_PROXY = 'true';
  const db = await openPglite(undefined);
  await migrate(db);
  const argon2 = await hashPassword(PASSWORD);
  const scrypt = await hashScrypt(PASSWORD, 17);
  for (const [kind, hash] of [['argon2', argon2], ['scrypt', scrypt]] as const) {
    for (let i = 0; i < USERS; i++) {
      await insertUser(db, {
        email: `${kind}.${i}@bench.example`, passwordHash: hash, firstName: 'Bench', lastName: 'User', market: 'US', locale: 'en-US', country: 'US',
        registrationSource: 'Web', storageConsent: false, receiveProductEmail: false, receiveGeneralEmail: false, receivePersonalizedEmail: false,
      });
    }
  }
  const app = createApp({ db, config: { ...loadConfig({ APP_ENV: 'production' }), devTools: false } });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const stop = () => server.close(() => void db.close().finally(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  const ready: Ready = { port: (server.address() as AddressInfo).port, argon2: argon2.split('$').slice(1, 4).join('$') };
  process.send?.(ready);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

interface Row {
  label: string;
  concurrency: number;
  rps: number;
  p50: number;
  p95: number;
  max: number;
  errors: number;
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function run(label: string, concurrency: number, n: number, request: (i: number) => Promise<Response>, ok: number): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const t0 = performance.now();
      const res = await request(i);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return { label, concurrency, rps: n / seconds, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? NaN, errors };
}

async function main() {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] });
  process.once('exit', () => child.kill());
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  const first = await fetch(`${base}/apiproxy/v1/session`);
  const csrf = first.headers.getSetCookie().find((c) => c.startsWith('csrf='))!.split(';')[0]!;
  const signIn = (user: string, password: string) =>
    fetch(`${base}/apiproxy/v1/account/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: csrf, 'x-csrf-token': csrf.slice('csrf='.length), 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ username: user, password, reputation: {} }),
    });
  let userCounter = 0;
  const nextUser = (kind: string) => `${kind}.${userCounter++ % USERS}@bench.example`;

  console.log(`bench:auth — argon2id ${ready.argon2} (OWASP ${JSON.stringify(ARGON2_OWASP)}; this process: ${JSON.stringify(argon2Params())}) vs scrypt N=2^17 r=8 p=1`);
  // warm-up
  await run('warm-up', 4, 200, () => fetch(`${base}/healthz`), 200);
  await run('warm-up', 2, 4, () => signIn(nextUser('argon2'), PASSWORD), 200);

  const rows: Row[] = [];
  for (const c of CONCURRENCY) {
    rows.push(await run('healthz', c, HEALTHZ, () => fetch(`${base}/healthz`), 200));
    rows.push(await run('argon2id sign-in (right password)', c, SIGNINS, () => signIn(nextUser('argon2'), PASSWORD), 200));
    rows.push(await run('argon2id verify (wrong password)', c, SIGNINS, () => signIn(nextUser('argon2'), 'Wrong-Bench-Password-1'), 401));
    rows.push(await run('scrypt 2^17 verify (wrong password)', c, SCRYPT_SIGNINS, () => signIn(nextUser('scrypt'), 'Wrong-Bench-Password-1'), 401));
  }
  child.kill();

  const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
  console.log('\n| endpoint | in flight | req/s | p50 ms | p95 ms | max ms | errors | req/s vs healthz | p50 vs healthz |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const c of CONCURRENCY) {
    const h = rows.find((r) => r.label === 'healthz' && r.concurrency === c)!;
    for (const r of rows.filter((x) => x.concurrency === c)) {
      console.log(`| ${r.label} | ${c} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.max)} | ${r.errors} | ${fmt(r.rps / h.rps, 4)} | ${fmt(r.p50 / h.p50)}× |`);
    }
  }
  console.log('\nCeiling (sign-ins per second, same run):');
  for (const c of CONCURRENCY) {
    const a = rows.find((r) => r.label.startsWith('argon2id sign-in') && r.concurrency === c)!;
    const s = rows.find((r) => r.label.startsWith('scrypt') && r.concurrency === c)!;
    console.log(`  ${c} in flight: argon2id ${fmt(a.rps)} /s (p95 ${fmt(a.p95 / 1000, 2)} s) vs scrypt ${fmt(s.rps)} /s (p95 ${fmt(s.p95 / 1000, 2)} s): ${fmt(a.rps / s.rps, 1)}× the throughput`);
  }
  const bad = rows.filter((r) => r.errors > 0);
  if (bad.length) {
    console.error(`unexpected statuses in: ${bad.map((r) => `${r.label} @${r.concurrency}`).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv.includes('--serve')) void serveChild();
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
