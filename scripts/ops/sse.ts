/**
 * A raw Server-Sent Events reader over node:http for the ops test (status-fanout.ops.ts) and the bench
 * (bench-status.ts): frames as they arrive (split across chunks), each stamped with its arrival time.
 */
import http from 'node:http';
import { parseSseBlock, type SseFrame as ParsedFrame } from '../../server/test/sse.ts';

/** a parsed frame (server/test/sse.ts) stamped with its arrival */
export interface SseFrame extends ParsedFrame {
  /** Date.now() when the frame's last byte arrived */
  at: number;
}

export interface SseStream {
  /** resolves with the HTTP status once the headers arrived (rejects on a connection error) */
  opened: Promise<number>;
  frames: SseFrame[];
  events: () => SseFrame[];
  ended: () => boolean;
  onFrame: ((f: SseFrame) => void) | null;
  close: () => void;
}

export function openSse(port: number, path: string, headers: Record<string, string> = {}, agent: http.Agent | false = false): SseStream {
  const frames: SseFrame[] = [];
  let ended = false;
  let req: http.ClientRequest;
  const stream: SseStream = {
    opened: null as unknown as Promise<number>,
    frames,
    events: () => frames.filter((f) => f.event !== null),
    ended: () => ended,
    onFrame: null,
    close: () => {
      ended = true;
      req.destroy();
    },
  };
  stream.opened = new Promise<number>((resolve, reject) => {
    req = http.request({ host: '127.0.0.1', port, method: 'GET', path, agent, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      resolve(res.statusCode ?? 0);
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const f: SseFrame = { ...parseSseBlock(block), at: Date.now() };
          frames.push(f);
          stream.onFrame?.(f);
        }
      });
      res.on('end', () => (ended = true));
      res.on('error', () => (ended = true));
    });
    req.on('error', (e) => {
      ended = true;
      reject(e);
    });
    req.end();
  });
  stream.opened.catch(() => undefined);
  return stream;
}

/** polls `check` every 20 ms until it holds or `ms` passed */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}
