/**
 * The live feed's transport (docs/order-status.md 1 "Fetch-based stream reader, not EventSource", 2.1, 3.7): a
 * Server-Sent Events reader on `fetch` (a guest's order token travels in the `X-Order-Token` header, which
 * `EventSource` cannot send), the line parser, and the polling fallback. The `liveFeed` machine
 * (machines/live-feed.machine.ts) invokes `openStream` and `pollEvents` with the requests its named input mappers
 * build; nothing here reads the machine.
 *
 * `openStream` is an event observable (`fromEventObservable`): each value it emits is an event for the machine
 * (`stream.open`, `stream.event`, `stream.heartbeat`, `stream.reset`, `stream.closed`), and an HTTP failure is the
 * observable's error, i.e. the invoke's `onError` (a callback actor cannot fail after it started).
 */
import { fromEventObservable, fromPromise, type Subscribable } from 'xstate';
import { ApiRequestError, api, buildUrl } from '../api.ts';
import { GENERIC_ERROR_MESSAGE } from '../../../contracts/errors.ts';
import { parseJsonOrUndefined } from '../../../contracts/json.ts';
import { STREAM_UNSUPPORTED, type FeedEvent, type FeedSignal, type PollAnswer, type PollRequest, type StreamRequest } from '../../../machines/live-feed.machine.ts';

/** one dispatched SSE message, or a comment line (`: hb`) */
export type SseMessage = { type: 'message'; id: string | null; event: string; data: string } | { type: 'comment'; text: string } | { type: 'retry'; ms: number };

/**
 * The SSE line parser (the WHATWG "event stream interpretation", the parts the server uses): `id`, `event`,
 * `data` (several lines joined by '\n'), `retry`, comments; lines end with LF, CRLF or CR, and a chunk may end
 * anywhere, mid-line or between the CR and the LF of a CRLF. A message is dispatched at a blank line; one without
 * data is dropped (as a browser does). `push` returns what the chunk completed.
 */
export class SseParser {
  private buffer = '';
  private pendingCr = false;
  private data: string[] = [];
  private event = '';
  private id: string | null = null;
  private hasId = false;

  push(chunk: string): SseMessage[] {
    const out: SseMessage[] = [];
    let text = chunk;
    // a CR ended the previous chunk: a LF starting this one belongs to it
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      const line = this.buffer.slice(start, i);
      if (c === '\r') {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === '\n') i++;
        } else this.pendingCr = true;
      }
      start = i + 1;
      this.line(line, out);
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string, out: SseMessage[]) {
    if (line === '') {
      if (this.data.length) out.push({ type: 'message', id: this.hasId ? this.id : null, event: this.event || 'message', data: this.data.join('\n') });
      this.data = [];
      this.event = '';
      this.hasId = false;
      return;
    }
    if (line.startsWith(':')) {
      out.push({ type: 'comment', text: line.slice(1).trim() });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id') {
      // an id with a NUL is ignored (the WHATWG rule)
      if (!value.includes('\0')) {
        this.id = value;
        this.hasId = true;
      }
    } else if (field === 'retry' && /^\d+$/.test(value)) out.push({ type: 'retry', ms: Number(value) });
  }
}

const EVENT_KINDS = new Set(['placed', 'status', 'eta', 'arrival', 'stock']);

/**
 * One SSE message as the machine's event: a store event (its JSON `data` with the SSE `id`), `reset`, or null for
 * what the feed does not know (a newer server's kind, a malformed payload: skipped, never fatal).
 */
export function toFeedSignal(m: SseMessage): FeedSignal | null {
  if (m.type === 'comment') return m.text === 'hb' ? { type: 'stream.heartbeat' } : null;
  if (m.type === 'retry') return null;
  if (m.event === 'reset') {
    const body = parseJsonOrUndefined(m.data) as { lastEventId?: unknown } | undefined;
    const id = Number(body?.lastEventId ?? m.id);
    return { type: 'stream.reset', lastEventId: Number.isFinite(id) ? id : 0 };
  }
  if (!EVENT_KINDS.has(m.event)) return null;
  const id = Number(m.id);
  const body = parseJsonOrUndefined(m.data);
  if (!Number.isSafeInteger(id) || id <= 0 || !body || typeof body !== 'object' || Array.isArray(body)) return null;
  return { type: 'stream.event', event: { ...(body as Record<string, unknown>), id, kind: m.event } as FeedEvent };
}

/** the request's headers: the token for a guest, the id to resume after */
function streamHeaders(request: { lastEventId?: number; orderToken: string | null }, accept: string): Record<string, string> {
  return {
    accept,
    ...(request.orderToken ? { 'x-order-token': request.orderToken } : {}),
    ...(request.lastEventId ? { 'last-event-id': String(request.lastEventId) } : {}),
  };
}

async function failure(res: Response): Promise<ApiRequestError> {
  const body = parseJsonOrUndefined(await res.text().catch(() => '')) as Record<string, unknown> | undefined;
  const code = typeof body?.code === 'string' ? body.code : res.status >= 500 ? 'UNEXPECTED_ERROR' : `HTTP_${res.status}`;
  const message = typeof body?.message === 'string' ? body.message : GENERIC_ERROR_MESSAGE;
  return new ApiRequestError(res.status, code, message, body ?? {});
}

/**
 * The stream as an observable of machine events. Subscribing opens `GET <url>` with `Accept: text/event-stream`;
 * a 2xx answer emits `stream.open`, then one event per message; the end of the body emits `stream.closed` and
 * completes; a non-2xx answer errors with an ApiRequestError (status and code); a network failure emits
 * `stream.closed` (the machine waits and reconnects). Unsubscribing aborts the request.
 */
export function streamSignals(request: StreamRequest, fetchImpl: typeof fetch = (...a) => fetch(...a)): Subscribable<FeedSignal> {
  return {
    subscribe(observerOrNext: unknown) {
      const o = (typeof observerOrNext === 'function' ? { next: observerOrNext } : observerOrNext) as { next?: (s: FeedSignal) => void; error?: (e: unknown) => void; complete?: () => void };
      const controller = new AbortController();
      let done = false;
      const next = (s: FeedSignal) => !done && o.next?.(s);
      const end = (s?: FeedSignal) => {
        if (done) return;
        if (s) next(s);
        done = true;
        o.complete?.();
      };
      const fail = (e: unknown) => {
        if (done) return;
        done = true;
        o.error?.(e);
      };
      void (async () => {
        let res: Response;
        try {
          res = await fetchImpl(buildUrl(request.url), { headers: streamHeaders(request, 'text/event-stream'), credentials: 'same-origin', cache: 'no-store', signal: controller.signal });
        } catch {
          return end({ type: 'stream.closed' });
        }
        if (!res.ok) return fail(await failure(res));
        const reader = res.body && typeof res.body.getReader === 'function' ? res.body.getReader() : null;
        if (!reader) return fail(new ApiRequestError(0, STREAM_UNSUPPORTED, GENERIC_ERROR_MESSAGE));
        next({ type: 'stream.open' });
        const parser = new SseParser();
        const decoder = new TextDecoder();
        try {
          for (;;) {
            const { value, done: finished } = await reader.read();
            if (finished) break;
            for (const m of parser.push(decoder.decode(value, { stream: true }))) {
              const s = toFeedSignal(m);
              if (s) next(s);
            }
          }
        } catch {
          // aborted or dropped: the same for the machine
        }
        end({ type: 'stream.closed' });
      })();
      return {
        unsubscribe() {
          done = true;
          controller.abort();
        },
      };
    },
  } as Subscribable<FeedSignal>;
}

/** the poll (`GET <url>.json?after=`): the events after an id, or `reset` when too far behind */
export async function pollFeed(request: PollRequest, signal?: AbortSignal): Promise<PollAnswer> {
  const answer = (await api.get(`${request.url}.json`, { query: { after: request.after }, headers: streamHeaders({ orderToken: request.orderToken }, 'application/json'), ...(signal ? { signal } : {}) })) as {
    events?: unknown;
    lastEventId?: unknown;
    reset?: unknown;
  };
  const events = (Array.isArray(answer?.events) ? answer.events : []).filter(
    (e): e is FeedEvent => !!e && typeof e === 'object' && Number.isSafeInteger((e as { id?: unknown }).id) && EVENT_KINDS.has(String((e as { kind?: unknown }).kind)),
  );
  const last = Number(answer?.lastEventId);
  return { events, lastEventId: Number.isSafeInteger(last) ? last : request.after, reset: answer?.reset === true };
}

/** the liveFeed machine's real actors */
export function liveFeedActors(fetchImpl?: typeof fetch) {
  return {
    openStream: fromEventObservable<FeedSignal, StreamRequest>(({ input }) => streamSignals(input, fetchImpl)),
    pollEvents: fromPromise<PollAnswer, PollRequest>(({ input, signal }) => pollFeed(input, signal)),
  };
}
