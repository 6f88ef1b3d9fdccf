/**
 * `npm start`, after scripts/build-if-stale.ts: runs the compiled server (dist-server/main.js) when it is current
 * (scripts/server-build.mjs), else the TypeScript sources with tsx, in this process. Plain JavaScript, so the
 * compiled path never loads tsx (docs/operations.md, "Start-up and memory").
 */
import { serverStaleReason, SERVER_STAMP } from './server-build.mjs';

const root = new URL('..', import.meta.url);
const stale = serverStaleReason(new URL('.', root).pathname);
if (stale) {
  console.log(`[start] ${SERVER_STAMP} not current (${stale}): running the TypeScript sources with tsx`);
  const { register } = await import('tsx/esm/api');
  register();
}
const entry = new URL(stale ? 'server/main.ts' : SERVER_STAMP, root);
const { main } = await import(entry.href);
await main();
