/**
 * A reproduction of the PGlite stall (docs/testing.md "The unit-run watchdog" and "CI time"): a query that never
 * returns, its process spinning at 100% CPU. Standalone: only @electric-sql/pglite and its contrib extensions, so the
 * text can go upstream as it is.
 *
 *   node --import tsx scripts/pglite-stall-repro.ts [instances=20] [variant=explain] [gapMs=0]
 *
 * Each instance is a child process (a stalled PGlite blocks its event loop: only another process can notice): it
 * opens PGlite (in memory, pg_trgm), loads a table of place names with a GIN trigram index (synthetic, 30,000 rows,
 * or the server tests' template with PGLITE_TEMPLATE=<tarball>), then runs ROUNDS rounds of the statement under test
 * followed by `select 1`, printing a line after each. The parent kills an instance that uses STALL_CPU_S seconds of
 * CPU (20) without printing a line (the statements take milliseconds) and reports the statement it was in.
 *
 * Variants: `explain` (EXPLAIN of the trigram query, then select 1: the sequence that stalled query-plans.test.ts),
 * `explain-literal` (the same with the term inlined: no parameter), `explain-param` (EXPLAIN of a parameterised
 * b-tree lookup), `explain-simple` (`explain select 1`), `plain` (the trigram query itself), `sleep` (select pg_sleep(0.05): a wait inside PostgreSQL). gapMs > 0 waits that
 * long between statements, so that timers PostgreSQL armed (setitimer, which PGlite's Emscripten build implements
 * with a JavaScript setTimeout) fire while PGlite is idle. TRACK_COUNTS=off runs with track_counts off (no pending
 * statistics, so no idle-statistics timer).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const STALL_CPU_S = Number(process.env.STALL_CPU_S) || 20;
const ROUNDS = Number(process.env.ROUNDS) || 40;

const FUZZY = `select p.id, p.name from places p
  where p.canon_name % $1 and similarity(p.canon_name, $1) >= 0.3 and left(p.canon_name, 1) = left($1, 1)
  order by similarity(p.canon_name, $1) desc, p.id limit 8`;

async function child(variant: string, gapMs: number) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { cube } = await import('@electric-sql/pglite/contrib/cube');
  const { earthdistance } = await import('@electric-sql/pglite/contrib/earthdistance');
  const template = process.env.PGLITE_TEMPLATE;
  const db = await PGlite.create({
    extensions: { cube, earthdistance, pg_trgm },
    ...(template ? { loadDataDir: new Blob([new Uint8Array(readFileSync(template))]) } : {}),
    ...(process.env.TRACK_COUNTS === 'off' ? { startParams: ['--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false', '-c', 'track_counts=off'] } : {}),
  });
  if (!template) {
    await db.exec(`create extension if not exists pg_trgm;
      create table places (id serial primary key, name text not null, canon_name text not null);
      insert into places (name, canon_name)
        select n, lower(n) from (select initcap(substr(md5(i::text), 1, 3 + i % 9)) || ' ' || (array['town','city','springs','falls','harbor'])[1 + i % 5] as n
          from generate_series(1, ${Number(process.env.ROWS) || 30000}) i) s;
      insert into places (name, canon_name) values ('Seattle', 'seattle'), ('Seaside', 'seaside'), ('Sebastopol', 'sebastopol');
      create index places_canon_trgm on places using gin (canon_name gin_trgm_ops);
      analyze places;`);
  }
  process.stdout.write('ready\n');
  const gap = () => (gapMs > 0 ? new Promise((r) => setTimeout(r, gapMs)) : Promise.resolve());
  for (let i = 0; i < ROUNDS; i++) {
    const term = ['seatle', 'seattel', 'sebastapol', 'seasid'][i % 4]!;
    process.stdout.write(`round ${i} ${variant}\n`);
    if (variant === 'explain') await db.query(`explain ${FUZZY}`, [term]);
    else if (variant === 'explain-literal') await db.query(`explain ${FUZZY.replaceAll('$1', `'${term}'`)}`);
    else if (variant === 'explain-param') await db.query('explain select * from places where canon_name = $1', [term]);
    else if (variant === 'explain-simple') await db.query('explain select 1');
    else if (variant === 'plain') await db.query(FUZZY, [term]);
    else await db.query('select pg_sleep(0.05)');
    await gap();
    process.stdout.write(`round ${i} select 1\n`);
    await db.query('select 1');
    await gap();
  }
  await db.close();
  process.stdout.write('done\n');
}

/** the CPU seconds a process has used (utime + stime from /proc, clock ticks of 10 ms) */
function cpuSeconds(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * One instance. A stall is counted in CPU seconds, not wall time: on a machine shared with other work a slow
 * instance waits for a core, a stalled one spins; an instance that uses STALL_CPU_S seconds of CPU (20) after its
 * last line (each statement takes milliseconds; the set-up a few seconds) is killed as stalled.
 */
function runInstance(variant: string, gapMs: number): Promise<{ stalled: boolean; last: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const p = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--child', variant, String(gapMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let last = '';
    let cpuAtLine = 0;
    const check = setInterval(() => {
      const cpu = cpuSeconds(p.pid!);
      if (cpu - cpuAtLine < STALL_CPU_S) return;
      clearInterval(check);
      p.kill('SIGKILL');
      resolve({ stalled: true, last: `${last}" (${(cpu - cpuAtLine).toFixed(1)} s of CPU since)`, ms: Date.now() - t0 });
    }, 1000);
    p.stdout.setEncoding('utf8');
    p.stdout.on('data', (d: string) => {
      last = d.trim().split('\n').pop() ?? last;
      cpuAtLine = cpuSeconds(p.pid!);
    });
    p.on('exit', () => {
      clearInterval(check);
      resolve({ stalled: false, last, ms: Date.now() - t0 });
    });
  });
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] ?? 'explain', Number(process.argv[4]) || 0);
} else {
  const instances = Number(process.argv[2]) || 20;
  const variant = process.argv[3] ?? 'explain';
  const gapMs = Number(process.argv[4]) || 0;
  let stalls = 0;
  for (let i = 0; i < instances; i++) {
    const r = await runInstance(variant, gapMs);
    if (r.stalled) stalls++;
    console.log(`instance ${i + 1}/${instances}: ${r.stalled ? `STALLED after "${r.last}` : `ok (${r.last})`} ${r.ms} ms`);
  }
  console.log(`${variant}, gap ${gapMs} ms, track_counts ${process.env.TRACK_COUNTS ?? 'on'}${process.env.PGLITE_TEMPLATE ? ', template' : ', synthetic'}: ${stalls} of ${instances} instances stalled`);
}
