/**
 * The test file order (vitest.config.ts `sequence.sequencer`; docs/testing.md "CI time"). Vitest starts the files it
 * has timed before longest first, and files it has never run (every file on a fresh clone, as in CI) largest first,
 * by the size of the test file alone. A file that only calls a shared suite (`server/fuzz/fuzz.pglite.test.ts`:
 * three lines importing `./fuzz-suite.ts`, the longest test of the server project) then started last, and its run was
 * the tail of the step with one worker idle. Here a test file's size includes the local `*-suite.ts` modules it
 * imports, so such a file starts with the other large ones; with timings cached, vitest's own order stands.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export function weightOf(file: string): number {
  let size = 0;
  try {
    const text = readFileSync(file, 'utf8');
    size = text.length;
    for (const m of text.matchAll(/from\s+'(\.{1,2}\/[^']*-suite\.ts)'/g)) size += statSync(path.resolve(path.dirname(file), m[1]!)).size;
  } catch {
    /* a file that cannot be read keeps weight 0 */
  }
  return size;
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
