import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Operators' early warning (docs/operations.md, "Slow requests and a stalled event loop"):
 * - a request that takes SLOW_REQUEST_MS or more (default 5000; 0 turns it off), from its headers' arrival to the
 *   last byte of its response, is logged with its method, path (no query string: it may hold what the user typed),
 *   duration and status;
 * - the event loop is sampled every EVENT_LOOP_CHECK_MS (default 10 s): when its longest delay in that interval
 *   reaches EVENT_LOOP_STALL_MS (default 2000) it is logged. A PGlite query runs on the event loop, so one slow
 *   query stalls every request of the process, static files included; this line says so instead of silence.
 */
export function watchSlowRequests(server: Server, thresholdMs: number, log: (line: string) => void = console.warn): void {
  if (thresholdMs <= 0) return;
  // the whole request, as the client lives it: from its headers' arrival (Node's 'request' event; the body is read
  // inside) to the last byte of the response handed to the connection, or to the connection's end when it broke
  // off. Timing the app's handler alone left out the response body, streamed after it returns (files, compression).
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    // the response's content type as written: @hono/node-server hands its headers to writeHead, which does not
    // keep them for getHeader, so writeHead is watched
    let eventStream = false;
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      eventStream ||= args.some(namesEventStream);
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    res.once('close', () => {
      const ms = Math.round(performance.now() - started);
      if (ms < thresholdMs) return;
      // an event stream (order status, docs/order-status.md 3.4) is open for minutes by design: not a slow request
      if (eventStream || String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
      const path = (req.url ?? '/').replace(/[?#].*$/s, '');
      log(`[server] slow request: ${req.method} ${path} took ${ms} ms (status ${res.statusCode}${res.writableFinished ? '' : ', response not completed'})`);
    });
  });
}

/** whether writeHead's headers (an object, or the raw [name, value, ...] list) say text/event-stream */
function namesEventStream(headers: unknown): boolean {
  const isType = (name: unknown, value: unknown) => String(name).toLowerCase() === 'content-type' && String(value).startsWith('text/event-stream');
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (isType(headers[i], headers[i + 1])) return true;
    return false;
  }
  return !!headers && typeof headers === 'object' && Object.entries(headers).some(([k, v]) => isType(k, v));
}

/** Starts the event-loop monitor; returns its stop function. */
export function watchEventLoop(stallMs: number, intervalMs: number, log: (line: string) => void = console.warn): () => void {
  if (stallMs <= 0) return () => {};
  const histogram = monitorEventLoopDelay({ resolution: 50 });
  histogram.enable();
  const timer = setInterval(() => {
    const maxMs = Math.round(histogram.max / 1e6);
    histogram.reset();
    if (maxMs >= stallMs) log(`[server] event loop stalled for up to ${maxMs} ms in the last ${Math.round(intervalMs / 1000)} s`);
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}

export function msSetting(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds, 0 or more (got "${value}")`);
  return n;
}
