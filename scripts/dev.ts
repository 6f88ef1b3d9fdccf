/**
 * `npm run dev`: the API server (server/main.ts, PORT 3001 by default) plus Vite's dev server with hot reload
 * on http://localhost:5173, which proxies /apiproxy, /dev, /healthz, /images/menu (menu art), /oauth2, /.well-known and /mail to the API: one origin for the browser.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);
const vitePort = Number(process.env.PORT ?? 5173);
// the browser's Host is Vite's (changeOrigin false): the API answers only hosts it is configured for (server/http/host.ts)
const viteOrigins = [`http://localhost:${vitePort}`, `http://127.0.0.1:${vitePort}`];
const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', PUBLIC_ORIGIN: [process.env.PUBLIC_ORIGIN, ...viteOrigins].filter(Boolean).join(',') },
});
const target = `http://127.0.0.1:${apiPort}`;
const vite = await createServer({
  server: {
    port: vitePort,
    // changeOrigin false: the API sees the browser's Host and Origin, so its same-origin CSRF check passes
    proxy: Object.fromEntries(['/apiproxy', '/dev', '/healthz', '/images/menu', '/oauth2', '/.well-known', '/mail'].map((p) => [p, { target, changeOrigin: false }])),
  },
});
await vite.listen();
vite.printUrls();
const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code) {
    console.error(`API server exited with ${code}`);
    process.exit(code);
  }
});
