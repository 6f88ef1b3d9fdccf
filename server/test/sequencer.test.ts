import { describe, expect, it } from 'vitest';
import path from 'node:path';
import SuiteAwareSequencer, { weightOf } from './sequencer.ts';

/** a fake spec as the sequencer sees one: a project and a file */
const spec = (project: string, file: string) => ({ project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } }, moduleId: path.resolve(file) });

function sequencer(cached: boolean) {
  const ctx = {
    config: { root: process.cwd() },
    cache: { getFileTestResults: () => (cached ? { duration: 1, failed: false } : undefined), getFileStats: (key: string) => ({ size: Number(/(\d+)$/.exec(key)?.[1] ?? 0) }) },
  };
  return new SuiteAwareSequencer(ctx as never);
}

describe('the test file order on a fresh clone (server/test/sequencer.ts)', () => {
  it('weighs a file that imports a shared suite above every other file, others by their size', () => {
    expect(weightOf('server/fuzz/fuzz.pglite.test.ts')).toBeGreaterThan(weightOf('server/cards/cards.test.ts'));
    expect(weightOf('server/cards/cards.test.ts')).toBeGreaterThan(weightOf('server/cards/address-limit.test.ts'));
    expect(weightOf('server/no-such-file.test.ts')).toBe(0);
  });

  it('with no timings cached: the fuzz files first, then the largest; projects keep their order', async () => {
    const files = ['server/cards/address-limit.test.ts', 'server/fuzz/fuzz.postgres.test.ts', 'server/cards/cards.test.ts', 'server/fuzz/fuzz.pglite.test.ts'];
    const specs = [spec('model', 'machines/__tests__/menu-rules.test.ts'), ...files.map((f) => spec('server', f))];
    const sorted = (await sequencer(false).sort(specs as never)) as unknown as typeof specs;
    expect(sorted.map((s) => path.relative(process.cwd(), s.moduleId))).toEqual([
      'machines/__tests__/menu-rules.test.ts',
      'server/fuzz/fuzz.postgres.test.ts',
      'server/fuzz/fuzz.pglite.test.ts',
      'server/cards/cards.test.ts',
      'server/cards/address-limit.test.ts',
    ]);
  });

  it('with timings cached: vitest\'s own order (longest first) stands', async () => {
    const specs = ['server/cards/address-limit.test.ts', 'server/fuzz/fuzz.pglite.test.ts'].map((f) => spec('server', f));
    const sorted = (await sequencer(true).sort(specs as never)) as unknown as typeof specs;
    expect(sorted.map((s) => path.relative(process.cwd(), s.moduleId))).toEqual(['server/cards/address-limit.test.ts', 'server/fuzz/fuzz.pglite.test.ts']);
  });
});
