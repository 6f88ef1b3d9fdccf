/**
 * A raw Server-Sent Events reader over Hono's `app.request` for the server's unit tests (the order stream, the
 * store's console stream): frames as they arrive, split across chunks. `ready` resolves with the response once its
 * headers arrived; `done()` turns true when the body ended (or the stream was refused); `close()` aborts it as a
 * browser closing the connection does. scripts/ops/sse.ts is the same reader over node:http for the ops tests.
 */
export interface SseFrame {
  id: number | null;
  event: string | null;
  data: string | null;
  comment: string | null;
  retry: number | null;
}

interface RequestApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/** one frame from the lines of one event block (the text between two blank lines) */
export function parseSseBlock(block: string): SseFrame {
  const f: SseFrame = { id: null, event: null, data: null, comment: null, retry: null };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) f.comment = line.slice(1).trim();
    else if (line.startsWith('id: ')) f.id = Number(line.slice(4));
    else if (line.startsWith('event: ')) f.event = line.slice(7);
    else if (line.startsWith('data: ')) f.data = line.slice(6);
    else if (line.startsWith('retry: ')) f.retry = Number(line.slice(7));
  }
  return f;
}

export function openSseStream(app: RequestApp, path: string, headers: Record<string, string> = {}) {
  const ac = new AbortController();
  const frames: SseFrame[] = [];
  let status = 0;
  let done = false;
  const ready = (async () => {
    const res = await app.request(`http://localhost${path}`, { headers: { accept: 'text/event-stream', ...headers }, signal: ac.signal });
    status = res.status;
    if (res.status !== 200 || !res.body) {
      done = true;
      return res;
    }
    void (async () => {
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      let buf = '';
      try {
        for (;;) {
          const { value, done: d } = await reader.read();
          if (d) break;
          buf += dec.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            frames.push(parseSseBlock(buf.slice(0, i)));
            buf = buf.slice(i + 2);
          }
        }
      } catch {
        /* aborted */
      }
      done = true;
    })();
    return res;
  })();
  return {
    ready,
    frames,
    events: () => frames.filter((f) => f.event !== null),
    status: () => status,
    done: () => done,
    close: () => ac.abort(),
  };
}
