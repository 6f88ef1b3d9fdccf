import type { Queryable } from '../db/db.ts';
import { fillHoursCacheOnce } from './open-status.ts';
import { startStoreIndex } from './store-index.ts';

/**
 * What a list search starts in the background (server/main.ts, and scripts/bench-locator.ts's serving child, which
 * must behave as the server does): the open-status cache filled with every key's hours (once), and the stores read
 * into memory (store-index.ts; again after a change to stores dropped them). Not at start: both grow an idle
 * server's memory (docs/locator.md "Performance"). `signal` stops both (the server stopping); `log` gets one line
 * per outcome.
 */
export function warmLocatorCaches(db: Queryable, opts: { signal?: AbortSignal; log: (line: string, error?: boolean) => void }): () => void {
  const fillHours = fillHoursCacheOnce(db, {
    signal: opts.signal,
    done: (r) => (r instanceof Error ? opts.log(`open-status cache not filled: ${r.message}`, true) : opts.log(`open-status cache: hours of ${r.keys} keys read in ${Math.round(r.ms)} ms`)),
  });
  return () => {
    fillHours();
    startStoreIndex(db, {
      signal: opts.signal,
      done: (r) => (r instanceof Error ? opts.log(`stores not read into memory: ${r.message}`, true) : opts.log(`stores in memory: ${r.stores} read in ${Math.round(r.ms)} ms`)),
    });
  };
}
