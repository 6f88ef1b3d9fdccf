/**
 * The stream reader and the poll (docs/order-status.md 1 "Fetch-based stream reader", 2.1, 3.7): the SSE parser
 * across chunk boundaries, heartbeats, Last-Event-ID resumption, the token header, failures, the polling fallback.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollFeed, SseParser, streamSignals, toFeedSignal, type SseMessage } from './order-events.ts';
import type { FeedSignal } from '../../../machines/live-feed.machine.ts';

const parseAll = (chunks: string[]) => {
  const p = new SseParser();
  return chunks.flatMap((c) => p.push(c));
};

describe('SseParser', () => {
  it('one message: id, event, data; dispatched at the blank line', () => {
    expect(parseAll(['id: 7\nevent: status\ndata: {"a":1}\n\n'])).toEqual([{ type: 'message', id: '7', event: 'status', data: '{"a":1}' }]);
  });
  it('chunks split anywhere, mid-field and mid-line, give the same messages', () => {
    const text = 'retry: 2000\n\nid: 7\nevent: status\ndata: {"orderId":"ord_1"}\n\n: hb\n\nid: 8\nevent: eta\ndata: {"x":2}\n\n';
    const whole = parseAll([text]);
    for (let cut = 1; cut < text.length; cut++) expect(parseAll([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(whole);
    expect(parseAll(text.split(''))).toEqual(whole);
    expect(whole).toEqual([
      { type: 'retry', ms: 2000 },
      { type: 'message', id: '7', event: 'status', data: '{"orderId":"ord_1"}' },
      { type: 'comment', text: 'hb' },
      { type: 'message', id: '8', event: 'eta', data: '{"x":2}' },
    ]);
  });
  it('multi-line data joins with a newline; a field without a space after the colon', () => {
    expect(parseAll(['data:first\ndata: second\n\n'])).toEqual([{ type: 'message', id: null, event: 'message', data: 'first\nsecond' }]);
  });
  it('CRLF and CR line ends, also a CRLF split between two chunks', () => {
    const want: SseMessage[] = [{ type: 'message', id: '1', event: 'status', data: 'x' }];
    expect(parseAll(['id: 1\r\nevent: status\r\ndata: x\r\n\r\n'])).toEqual(want);
    expect(parseAll(['id: 1\revent: status\rdata: x\r\r'])).toEqual(want);
    expect(parseAll(['id: 1\r', '\nevent: status\r', '\ndata: x\r', '\n\r', '\n'])).toEqual(want);
  });
  it('comments are reported; a message without data is dropped; unknown fields ignored', () => {
    expect(parseAll([': hb\n\n', ': bye\n', 'id: 5\nevent: status\n\n', 'foo: bar\ndata: y\n\n'])).toEqual([
      { type: 'comment', text: 'hb' },
      { type: 'comment', text: 'bye' },
      { type: 'message', id: null, event: 'message', data: 'y' },
    ]);
  });
  it('nothing is dispatched before the blank line', () => {
    expect(parseAll(['id: 1\nevent: status\ndata: x\n'])).toEqual([]);
  });
});

describe('toFeedSignal', () => {
  it('a store event: its JSON data with the SSE id and kind', () => {
    expect(toFeedSignal({ type: 'message', id: '12', event: 'status', data: '{"orderId":"ord_1","status":"ready"}' })).toEqual({
      type: 'stream.event',
      event: { id: 12, kind: 'status', orderId: 'ord_1', status: 'ready' },
    });
  });
  it('the heartbeat comment; other comments and retry are nothing', () => {
    expect(toFeedSignal({ type: 'comment', text: 'hb' })).toEqual({ type: 'stream.heartbeat' });
    expect(toFeedSignal({ type: 'comment', text: 'bye' })).toBeNull();
    expect(toFeedSignal({ type: 'retry', ms: 2000 })).toBeNull();
  });
  it('reset carries the current last id', () => {
    expect(toFeedSignal({ type: 'message', id: '300', event: 'reset', data: '{"lastEventId":300}' })).toEqual({ type: 'stream.reset', lastEventId: 300 });
    expect(toFeedSignal({ type: 'message', id: '301', event: 'reset', data: '{}' })).toEqual({ type: 'stream.reset', lastEventId: 301 });
  });
  it('an unknown kind, a bad id or bad JSON is skipped', () => {
    expect(toFeedSignal({ type: 'message', id: '1', event: 'party', data: '{}' })).toBeNull();
    expect(toFeedSignal({ type: 'message', id: null, event: 'status', data: '{}' })).toBeNull();
    expect(toFeedSignal({ type: 'message', id: 'x', event: 'status', data: '{}' })).toBeNull();
    expect(toFeedSignal({ type: 'message', id: '2', event: 'status', data: 'not json' })).toBeNull();
    expect(toFeedSignal({ type: 'message', id: '2', event: 'status', data: '[1]' })).toBeNull();
  });
});

/** a fetch answering one streamed body, recording the request */
function streamingFetch(chunks: string[], status = 200, body = '') {
  const calls: Array<{ url: string; headers: Record<string, string>; signal: AbortSignal }> = [];
  const encoder = new TextEncoder();
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string>, signal: init.signal! });
    if (status !== 200) return new Response(body, { status });
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]!));
        else controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as unknown as typeof fetch;
  return { impl, calls };
}
function collect(request: Parameters<typeof streamSignals>[0], impl: typeof fetch) {
  const got: FeedSignal[] = [];
  return new Promise<{ got: FeedSignal[]; error?: unknown }>((resolve) => {
    streamSignals(request, impl).subscribe({ next: (s: FeedSignal) => got.push(s), error: (error: unknown) => resolve({ got, error }), complete: () => resolve({ got }) } as never);
  });
}

describe('streamSignals (the openStream actor)', () => {
  it('resumes with Last-Event-ID, sends the guest token, asks for an event stream', async () => {
    const f = streamingFetch([]);
    await collect({ url: '/ordering/orders/ord_abcdefghij/events', lastEventId: 41, orderToken: 'ot_secret' }, f.impl);
    expect(f.calls[0]!.url).toBe('/apiproxy/v1/ordering/orders/ord_abcdefghij/events');
    expect(f.calls[0]!.headers).toEqual({ accept: 'text/event-stream', 'x-order-token': 'ot_secret', 'last-event-id': '41' });
  });
  it('a member from the start: no token, no Last-Event-ID', async () => {
    const f = streamingFetch([]);
    await collect({ url: '/ordering/orders/ord_abcdefghij/events', lastEventId: 0, orderToken: null }, f.impl);
    expect(f.calls[0]!.headers).toEqual({ accept: 'text/event-stream' });
  });
  it('open, events split over chunks, heartbeats, then closed when the body ends', async () => {
    const f = streamingFetch(['retry: 2000\n\nid: 42\nevent: sta', 'tus\ndata: {"orderId":"ord_1","status":"preparing"}\n\n: h', 'b\n\nid: 43\nevent: eta\ndata: {"orderId":"ord_1","readyEstimateAt":"t"}\n\n: bye\n\n']);
    const r = await collect({ url: '/ordering/orders/ord_1/events', lastEventId: 41, orderToken: null }, f.impl);
    expect(r.error).toBeUndefined();
    expect(r.got).toEqual([
      { type: 'stream.open' },
      { type: 'stream.event', event: { id: 42, kind: 'status', orderId: 'ord_1', status: 'preparing' } },
      { type: 'stream.heartbeat' },
      { type: 'stream.event', event: { id: 43, kind: 'eta', orderId: 'ord_1', readyEstimateAt: 't' } },
      { type: 'stream.closed' },
    ]);
  });
  it('a 404 is the actor error with status and code (the machine stops: gone)', async () => {
    const f = streamingFetch([], 404, JSON.stringify({ code: 'ORDER_NOT_FOUND', message: 'Order not found.' }));
    const r = await collect({ url: '/ordering/orders/ord_1/events', lastEventId: 0, orderToken: null }, f.impl);
    expect(r.got).toEqual([]);
    expect(r.error).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
  });
  it('a 503 without a body is an error with the generic code', async () => {
    const f = streamingFetch([], 503);
    const r = await collect({ url: '/x', lastEventId: 0, orderToken: null }, f.impl);
    expect(r.error).toMatchObject({ status: 503, code: 'UNEXPECTED_ERROR' });
  });
  it('a network failure is a closed stream (the machine reconnects), not an error', async () => {
    const r = await collect({ url: '/x', lastEventId: 0, orderToken: null }, (async () => Promise.reject(new TypeError('Failed to fetch'))) as never);
    expect(r).toEqual({ got: [{ type: 'stream.closed' }] });
  });
  it('a body without a reader: STREAM_UNSUPPORTED (the machine polls)', async () => {
    const r = await collect({ url: '/x', lastEventId: 0, orderToken: null }, (async () => ({ ok: true, status: 200, body: null })) as never);
    expect(r.error).toMatchObject({ code: 'STREAM_UNSUPPORTED' });
  });
  it('unsubscribing aborts the request and emits nothing more', async () => {
    const f = streamingFetch([]);
    const got: FeedSignal[] = [];
    const sub = streamSignals({ url: '/x', lastEventId: 0, orderToken: null }, f.impl).subscribe({ next: (s: FeedSignal) => got.push(s) } as never);
    sub.unsubscribe();
    await new Promise((r) => setTimeout(r, 10));
    expect(f.calls[0]!.signal.aborted).toBe(true);
    expect(got).toEqual([]);
  });
});

describe('pollFeed (the polling fallback)', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('GET <stream>.json?after=<last id> with the token; keeps known events', async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify({ events: [{ id: 44, kind: 'status', orderId: 'ord_1', status: 'ready' }, { id: 'x', kind: 'status' }, { id: 45, kind: 'party' }], lastEventId: 45, reset: false }), { status: 200 });
    });
    const r = await pollFeed({ url: '/ordering/orders/ord_1/events', after: 43, orderToken: 'ot_t' });
    expect(calls[0]!.url).toBe('/apiproxy/v1/ordering/orders/ord_1/events.json?after=43');
    expect(calls[0]!.headers).toMatchObject({ accept: 'application/json', 'x-order-token': 'ot_t' });
    expect(r).toEqual({ events: [{ id: 44, kind: 'status', orderId: 'ord_1', status: 'ready' }], lastEventId: 45, reset: false });
  });
  it('reset: too far behind', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ events: [], lastEventId: 900, reset: true }), { status: 200 }));
    expect(await pollFeed({ url: '/x', after: 1, orderToken: null })).toEqual({ events: [], lastEventId: 900, reset: true });
  });
  it('a 404 rejects with its status (the machine stops: gone)', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'ORDER_NOT_FOUND', message: 'Order not found.' }), { status: 404 }));
    await expect(pollFeed({ url: '/x', after: 1, orderToken: null })).rejects.toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
  });
});
