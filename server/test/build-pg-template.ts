/**
 * `node --import tsx server/test/build-pg-template.ts <hash>`: builds the PostgreSQL template `coffee_tpl_<hash>` in a
 * process of its own. global-setup.ts starts it while it builds the PGlite template itself: PGlite's seed runs
 * synchronously on the event loop (WebAssembly), so a PostgreSQL seed in the same process would wait for it.
 */
import { ensurePgTemplate } from './global-setup.ts';

const hash = process.argv[2];
if (!hash) throw new Error('usage: build-pg-template.ts <hash>');
await ensurePgTemplate(hash);
