/**
 * Setup file of the vitest `server` project (vitest.config.ts): the hang guard (server/test/hang-guard.ts), which ends
 * a worker whose event loop a stalled PGlite statement has blocked for TEST_HANG_MS (90 s; 0: off) and says where.
 */
import path from 'node:path';
import { expect } from 'vitest';
import { DEFAULT_TEST_HANG_MS, startTestHangGuard } from './hang-guard.ts';

const limit = process.env.TEST_HANG_MS === undefined ? DEFAULT_TEST_HANG_MS : Number(process.env.TEST_HANG_MS);
startTestHangGuard(limit, path.relative(process.cwd(), expect.getState().testPath ?? 'an unknown file'));
