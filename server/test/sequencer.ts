/**
 * The test file order (vitest.config.ts `sequence.sequencer`; docs/testing.md "CI time"). Vitest starts the files it
 * has timed before longest first, and files it has never run (every file on a fresh clone, as in CI) largest first,
 * by the size of the test file alone. A file that only calls a shared suite (`server/fuzz/fuzz.pglite.test.ts`:
 * three lines importing `./fuzz-suite.ts`, the longest test of the server project) then started last, and its run was
 * the tail of the step with one worker idle (2026-11-29, server project at load 10-13: both fuzz files started at
 * 654 s of a 733 s run, the PGlite one ended at 700 s, the PostgreSQL one at 733 s with the other worker idle). Here,
 * when vitest has no timings, the files that import a local `*-suite.ts` (a suite split per database because it is
 * long) start first, then the rest largest first as vitest does; with timings cached, vitest's own order stands
 * (longest first).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file's weight for the order: its size in bytes, plus 1 GB when it imports a local `*-suite.ts` (those go first). */
export function weightOf(file: string): number {
  try {
    const text = readFileSync(file, 'utf8');
    const suite = /from\s+'\.{1,2}\/[^']*-suite\.ts'/.test(text);
    return statSync(file).size + (suite ? 2 ** 30 : 0);
  } catch {
    return 0; // a file that cannot be read: last
  }
}

export default class SuiteAwareSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const cache = this.ctx.cache;
    const key = (s: TestSpecification) => `${s.project.name}:${path.relative(this.ctx.config.root, s.moduleId)}`;
    // only when vitest had no timings to order by (a fresh clone): the files it ordered by size, re-ordered by weight
    if (sorted.some((s) => cache.getFileTestResults(key(s)))) return sorted;
    const weight = new Map(sorted.map((s) => [s, weightOf(s.moduleId)]));
    // projects keep vitest's order (one after the other); within each, heaviest first
    const projects = [...new Set(sorted.map((s) => s.project.name))];
    return projects.flatMap((name) => sorted.filter((s) => s.project.name === name).sort((a, b) => weight.get(b)! - weight.get(a)!));
  }
}
