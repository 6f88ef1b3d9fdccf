/**
 * Setup file of the vitest `server` project (vitest.config.ts):
 * - the hang guard (server/test/hang-guard.ts), which ends a worker whose event loop a stalled PGlite statement has
 *   blocked for TEST_HANG_MS (90 s; 0: off) and says where;
 * - the overlapping-query guard (server/test/pg-overlap-guard.ts): a test that runs a query on a PostgreSQL
 *   connection while another is running on it (Promise.all over a transaction's handle, say) fails.
 */
import path from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { DEFAULT_TEST_HANG_MS, startTestHangGuard } from './hang-guard.ts';
import { installOverlapGuard, takeOverlaps } from './pg-overlap-guard.ts';

const limit = process.env.TEST_HANG_MS === undefined ? DEFAULT_TEST_HANG_MS : Number(process.env.TEST_HANG_MS);
startTestHangGuard(limit, path.relative(process.cwd(), expect.getState().testPath ?? 'an unknown file'));

installOverlapGuard();
function failOnOverlap() {
  const seen = takeOverlaps();
  if (seen.length) throw new Error(`${seen.length} overlapping quer${seen.length === 1 ? 'y' : 'ies'} on one PostgreSQL connection (server/test/pg-overlap-guard.ts); the first:\n${seen[0]}`);
}
afterEach(failOnOverlap);
// overlaps in a describe block's beforeAll/afterAll hooks
afterAll(failOnOverlap);
