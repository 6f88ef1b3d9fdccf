/**
 * Where the time of a CI run went (docs/testing.md "CI time"): printed by `.ci/run` after its timing table, from the
 * reports the run leaves in .ci-timings/ (or the folder given as the first argument):
 * - `unit-<project>.json`: vitest's JSON report of each unit project (scripts/test-unit.ts keeps it when
 *   CI_TIMINGS_DIR is set): per project the sum of the files' times and the longest files;
 * - `e2e.json`: Playwright's JSON report (playwright.config.ts writes it in CI): the tests' worker-seconds per spec
 *   file, the longest tests, and how busy the workers were (worker-seconds over the run's wall time).
 *   node --import tsx scripts/ci-timings.ts [.ci-timings] [--top=N]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) ?? '.ci-timings';
const TOP = Number(args.find((a) => a.startsWith('--top='))?.slice(6)) || 10;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rel = (f: string) => path.relative(process.cwd(), f);

interface VitestReport {
  testResults?: Array<{ name: string; startTime: number; endTime: number; status: string; assertionResults?: Array<{ fullName: string; duration?: number | null; status: string }> }>;
}

export function unitSummary(project: string, report: VitestReport, top = TOP): string[] {
  const files = (report.testResults ?? []).map((r) => ({ file: rel(r.name), ms: r.endTime - r.startTime, tests: r.assertionResults?.length ?? 0, status: r.status }));
  files.sort((a, b) => b.ms - a.ms);
  const sum = files.reduce((t, f) => t + f.ms, 0);
  const tests = (report.testResults ?? []).flatMap((r) => (r.assertionResults ?? []).map((a) => ({ name: `${rel(r.name)} > ${a.fullName}`, ms: a.duration ?? 0 })));
  tests.sort((a, b) => b.ms - a.ms);
  return [
    `unit: ${project}: ${files.length} files, ${s(sum)} of file time (summed over the workers); the longest files:`,
    ...files.slice(0, top).map((f) => `  ${s(f.ms).padStart(9)}  ${f.file} (${f.tests} tests${f.status === 'passed' ? '' : `, ${f.status}`})`),
    `  the longest tests:`,
    ...tests.slice(0, Math.min(top, 5)).map((t) => `  ${s(t.ms).padStart(9)}  ${t.name.slice(0, 150)}`),
  ];
}

interface PwSuite {
  title: string;
  file?: string;
  specs?: Array<{ title: string; file?: string; tests: Array<{ results: Array<{ duration: number; retry: number; status: string; workerIndex: number }> }> }>;
  suites?: PwSuite[];
}
interface PwReport {
  suites?: PwSuite[];
  stats?: { duration?: number };
}

export function e2eSummary(report: PwReport, top = TOP): string[] {
  const tests: Array<{ file: string; name: string; ms: number; runs: number }> = [];
  const walk = (suite: PwSuite, file: string, trail: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const ms = t.results.reduce((a, r) => a + r.duration, 0);
        tests.push({ file: spec.file ?? file, name: [...trail, spec.title].join(' > '), ms, runs: t.results.length });
      }
    }
    for (const inner of suite.suites ?? []) walk(inner, inner.file ?? file, [...trail, inner.title]);
  };
  for (const top of report.suites ?? []) walk(top, top.file ?? top.title, []);
  const total = tests.reduce((a, t) => a + t.ms, 0);
  const bySpec = new Map<string, { ms: number; n: number }>();
  for (const t of tests) {
    const e = bySpec.get(t.file) ?? { ms: 0, n: 0 };
    e.ms += t.ms;
    e.n += 1;
    bySpec.set(t.file, e);
  }
  const wall = report.stats?.duration ?? 0;
  const specs = [...bySpec].sort((a, b) => b[1].ms - a[1].ms);
  tests.sort((a, b) => b.ms - a.ms);
  return [
    `e2e: ${tests.length} tests, ${s(total)} of test time (worker-seconds, retries included) in ${s(wall)} of wall${wall ? ` (${(total / wall).toFixed(2)} workers busy on average)` : ''}; per spec file:`,
    ...specs.map(([f, e]) => `  ${s(e.ms).padStart(9)}  ${f} (${e.n} tests)`),
    `  the longest tests:`,
    ...tests.slice(0, top).map((t) => `  ${s(t.ms).padStart(9)}  ${t.file} > ${t.name.slice(0, 140)}${t.runs > 1 ? ` (${t.runs} runs)` : ''}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('ci-timings.ts')) {
  if (!existsSync(dir)) process.exit(0);
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const m = /^unit-(.+)\.json$/.exec(f);
    if (m) out.push(...unitSummary(m[1]!, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as VitestReport));
  }
  if (existsSync(path.join(dir, 'e2e.json'))) out.push(...e2eSummary(JSON.parse(readFileSync(path.join(dir, 'e2e.json'), 'utf8')) as PwReport));
  if (out.length) console.log(['', '== where the time went (scripts/ci-timings.ts)', ...out].join('\n'));
}
