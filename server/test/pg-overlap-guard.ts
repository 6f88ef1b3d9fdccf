/**
 * The overlapping-query guard of the server tests (a setup file of the vitest `server` project, server/test/setup.ts;
 * docs/architecture.md "One query at a time on a connection").
 *
 * node-postgres runs one statement at a time on a connection. A second `client.query()` while one is running is
 * queued by pg 8 (with the deprecation warning "Calling client.query() when the client is already executing a query
 * is deprecated and will be removed in pg@9.0", printed once per process, and only from the third query on) and will
 * throw in pg 9. The app's only shared connection is a transaction's (server/db/db.ts serialises its handle's
 * queries); this guard makes any overlap on one pg client, wherever it comes from, fail the test that issued it:
 * `Client.prototype.query` is wrapped to reject the overlapping call, as pg 9 will, and to record where it was made
 * (the call stack), and every test ends by throwing the first recorded overlap (a flow that swallows the rejection,
 * such as the home stream's sources under Promise.allSettled, still fails).
 *
 * It reads two of pg 8's internals (`_activeQuery`, `_queryQueue`): should an upgrade rename them, the guard would
 * never fire, and server/db/transaction.test.ts (a second query on a busy client must be refused) fails.
 * Cost: one call and two property reads per pg query, inside the noise of a query's own CPU time (docs/testing.md).
 */
import pg from 'pg';

type Patched = typeof pg.Client.prototype.query & { overlapGuard?: true };

interface ClientInternals {
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
  pipeline?: boolean;
}

const overlaps: string[] = [];

export const OVERLAP_MESSAGE = 'overlapping queries on one PostgreSQL connection';

/** the overlaps recorded since the last call, and forgets them */
export function takeOverlaps(): string[] {
  return overlaps.splice(0);
}

/** is a statement running or waiting on this client? (pg 8 internals: the running query and the queue) */
function busy(client: ClientInternals): boolean {
  if (client.pipeline) return false;
  return !!client._activeQuery || (Array.isArray(client._queryQueue) && client._queryQueue.length > 0);
}

export function installOverlapGuard(): void {
  const proto = pg.Client.prototype as unknown as { query: Patched };
  if (proto.query.overlapGuard) return;
  const original = proto.query;
  const guarded = function (this: ClientInternals, ...args: unknown[]) {
    if (busy(this)) {
      const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text ?? '?';
      const err = new Error(`${OVERLAP_MESSAGE}: client.query() while another statement is running on the same client (pg 9 refuses it): ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      overlaps.push(err.stack ?? err.message);
      const cb = args.find((a) => typeof a === 'function') as ((e: Error) => void) | undefined;
      if (cb) {
        process.nextTick(() => cb(err));
        return undefined;
      }
      return Promise.reject(err);
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as unknown as Patched;
  guarded.overlapGuard = true;
  proto.query = guarded;
}
