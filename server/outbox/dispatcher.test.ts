/**
 * The SMTP outbox dispatcher against a real SMTP server (smtp-server on port 0, messages parsed with mailparser):
 * docs/gifting.md 3.7, docs/operations.md "Outbox mail: the SMTP dispatcher".
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/db.ts';
import { anotherProcess, backends, forEachDb, openTestDb } from '../test/db.ts';
import { retryDelayMs, startDispatcher, startOutboxDispatcher, type Dispatcher } from './dispatcher.ts';
import { classifySmtpError, DEFAULT_SMTP_FROM, smtpSettings, smtpTransport } from './smtp.ts';
import { sendEmail } from './outbox.ts';

interface Received {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  listUnsubscribePost: string | null;
}

/** An SMTP server on a free port. `respond` answers each DATA: null accepts, a number rejects with that code. */
async function startSink(respond: (m: Received, nth: number) => Promise<number | null> | number | null = () => null) {
  const accepted: Received[] = [];
  const offered = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(async (m) => {
        const from = m.from?.value[0]?.address ?? '';
        const toField = Array.isArray(m.to) ? m.to[0] : m.to;
        const r: Received = {
          messageId: m.messageId ?? '',
          from,
          to: toField?.value[0]?.address ?? '',
          subject: m.subject ?? '',
          text: (m.text ?? '').trim(),
          listUnsubscribePost: m.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line ?? null,
        };
        const nth = (offered.get(r.messageId) ?? 0) + 1;
        offered.set(r.messageId, nth);
        const code = await respond(r, nth);
        if (code) {
          callback(Object.assign(new Error(code >= 500 ? 'mailbox unavailable' : 'try again later'), { responseCode: code }));
          return;
        }
        accepted.push(r);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    offered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Sink = Awaited<ReturnType<typeof startSink>>;

async function dispatcherFor(db: Db, sink: Sink, extra: Partial<Parameters<typeof startDispatcher>[0]> = {}) {
  return startDispatcher({
    db,
    transport: await smtpTransport(sink.url),
    from: DEFAULT_SMTP_FROM,
    messageIdDomain: 'harbor.example',
    pollMs: 25,
    retryBaseMs: 5,
    retryMaxMs: 50,
    log: () => undefined,
    ...extra,
  });
}

async function writeMail(db: Db, to: string, subject = `Hello ${to}`): Promise<number> {
  const r = await db.query<{ id: number }>(`insert into outbox (channel, recipient, subject, body, kind) values ('email', $1, $2, 'The body.', 'test') returning id`, [to, subject]);
  return Number(r.rows[0]!.id);
}

interface Row {
  id: number;
  status: string;
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
  lease_until: Date | null;
}

async function row(db: Db, id: number): Promise<Row> {
  const r = await db.query<Row>('select id, status, attempts, sent_at, last_error, lease_until from outbox where id = $1', [id]);
  return r.rows[0]!;
}

async function untilStatus(db: Db, ids: number[], status: string) {
  await vi.waitFor(
    async () => {
      const r = await db.query<{ n: number }>('select count(*)::int as n from outbox where id = any($1::bigint[]) and status = $2', [ids, status]);
      expect(r.rows[0]!.n).toBe(ids.length);
    },
    { timeout: 20_000, interval: 20 },
  );
}

forEachDb('outbox dispatcher', ({ db }) => {
  let sink: Sink | undefined;
  let dispatcher: Dispatcher | undefined;
  const reset = async () => {
    await dispatcher?.stop();
    await sink?.close();
    dispatcher = undefined;
    sink = undefined;
  };
  // each test starts with no dispatcher running and no mail waiting from the one before
  afterEach(async () => {
    await reset();
    await db().query(`update outbox set status = 'held', lease_until = null where status in ('pending', 'sending')`);
  });

  it('sends each pending email once, with its Message-ID, From and stored headers, and records sent, attempts and sent_at', async () => {
    sink = await startSink();
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await writeMail(db(), `once-${i}@example.com`));
    // marketing mail's List-Unsubscribe headers (migration 021) travel with the message
    await db().query(`update outbox set headers = '{"List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}' where id = $1`, [ids[0]]);
    const sms = (await db().query<{ id: number }>(`insert into outbox (channel, recipient, subject, body, kind) values ('sms', '2065550100', 'Text message', 'code 123456', 'test') returning id`)).rows[0]!.id;
    dispatcher = await dispatcherFor(db(), sink);
    await untilStatus(db(), ids, 'sent');
    await dispatcher.idle();

    expect(sink.accepted).toHaveLength(25);
    expect(new Set(sink.accepted.map((m) => m.messageId)).size).toBe(25);
    for (const id of ids) {
      const r = await row(db(), id);
      expect(r).toMatchObject({ status: 'sent', attempts: 1, last_error: null, lease_until: null });
      expect(r.sent_at).toBeInstanceOf(Date);
      expect(sink.offered.get(`<outbox-${id}@harbor.example>`)).toBe(1);
    }
    const first = sink.accepted.find((m) => m.messageId === `<outbox-${ids[0]}@harbor.example>`)!;
    expect(first).toMatchObject({ from: 'no-reply@harbor.example', to: 'once-0@example.com', subject: 'Hello once-0@example.com', text: 'The body.' });
    expect(first.listUnsubscribePost).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // SMS has no gateway: it stays pending, untouched
    expect(await row(db(), Number(sms))).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('mail written while it runs is sent (the harbor_outbox notification or the poll), through sendEmail as the app writes it', async () => {
    sink = await startSink();
    dispatcher = await dispatcherFor(db(), sink, { pollMs: 60_000 });
    await dispatcher.idle();
    await sendEmail(db(), { to: 'later@example.com', subject: 'Later', body: 'Written after the start.', kind: 'test' });
    const id = Number((await db().query<{ id: number }>(`select max(id) as id from outbox where recipient = 'later@example.com'`)).rows[0]!.id);
    // no poll for a minute: only the notification of migration 058 wakes it
    await untilStatus(db(), [id], 'sent');
    expect(sink.accepted.map((m) => m.subject)).toEqual(['Later']);
  });

  it('451 then 250: the message is sent once, with attempts 2 and the 451 kept as last_error', async () => {
    sink = await startSink((_m, nth) => (nth === 1 ? 451 : null));
    const id = await writeMail(db(), 'retry@example.com');
    dispatcher = await dispatcherFor(db(), sink);
    await untilStatus(db(), [id], 'sent');
    const r = await row(db(), id);
    expect(r).toMatchObject({ status: 'sent', attempts: 2 });
    expect(r.last_error).toMatch(/^451 /);
    expect(sink.offered.get(`<outbox-${id}@harbor.example>`)).toBe(2);
    expect(sink.accepted.filter((m) => m.messageId === `<outbox-${id}@harbor.example>`)).toHaveLength(1);
  });

  it('550: the message fails at once and is not tried again', async () => {
    sink = await startSink(() => 550);
    const id = await writeMail(db(), 'nobody@example.com');
    dispatcher = await dispatcherFor(db(), sink);
    await untilStatus(db(), [id], 'failed');
    const r = await row(db(), id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(r.last_error).toMatch(/^550 /);
    // another round does not take it
    dispatcher.wake();
    await dispatcher.idle();
    expect(sink.offered.get(`<outbox-${id}@harbor.example>`)).toBe(1);
  });

  it('4xx every time: failed after the 8th attempt', async () => {
    sink = await startSink(() => 421);
    const id = await writeMail(db(), 'busy@example.com');
    dispatcher = await dispatcherFor(db(), sink);
    await untilStatus(db(), [id], 'failed');
    expect(await row(db(), id)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(sink.offered.get(`<outbox-${id}@harbor.example>`)).toBe(8);
  });

  it('a refused connection is temporary: the row goes back to pending with the error and a later attempt time', async () => {
    const closed = await startSink();
    const url = closed.url;
    await closed.close();
    const id = await writeMail(db(), 'down@example.com');
    dispatcher = await startDispatcher({ db: db(), transport: await smtpTransport(url), from: DEFAULT_SMTP_FROM, messageIdDomain: 'harbor.example', pollMs: 60_000, retryBaseMs: 3_600_000, retryMaxMs: 3_600_000, log: () => undefined });
    await vi.waitFor(async () => expect((await row(db(), id)).attempts).toBe(1), { timeout: 20_000, interval: 20 });
    await dispatcher.idle();
    const r = await row(db(), id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, lease_until: null });
    expect(r.last_error).toMatch(/ECONNREFUSED/);
    const next = await db().query<{ later: boolean }>(`select next_attempt_at > now() + interval '50 minutes' as later from outbox where id = $1`, [id]);
    expect(next.rows[0]!.later).toBe(true);
  });

  it('mail older than 24 hours expires instead of being sent; rows from before migration 057 are held and never sent', async () => {
    sink = await startSink();
    const old = await writeMail(db(), 'stale@example.com');
    await db().query(`update outbox set created_at = now() - interval '25 hours' where id = $1`, [old]);
    const held = await writeMail(db(), 'held@example.com');
    await db().query(`update outbox set status = 'held' where id = $1`, [held]);
    const fresh = await writeMail(db(), 'fresh@example.com');
    dispatcher = await dispatcherFor(db(), sink);
    await untilStatus(db(), [fresh], 'sent');
    await untilStatus(db(), [old], 'expired');
    await dispatcher.idle();
    expect(await row(db(), old)).toMatchObject({ status: 'expired', attempts: 0, last_error: 'not sent within 24 hours' });
    expect(await row(db(), held)).toMatchObject({ status: 'held', attempts: 0 });
    expect(sink.accepted.map((m) => m.to)).toEqual(['fresh@example.com']);
  });

  it('shutdown finishes the send in flight and records it, and claims nothing after', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    sink = await startSink(async () => {
      arrived();
      await held;
      return null;
    });
    const id = await writeMail(db(), 'inflight@example.com');
    dispatcher = await dispatcherFor(db(), sink);
    await arrival;
    let stopped = false;
    const stopping = dispatcher.stop().then(() => (stopped = true));
    const after = await writeMail(db(), 'after-stop@example.com');
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    expect((await row(db(), id)).status).toBe('sending');
    release();
    await stopping;
    expect(await row(db(), id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row(db(), after)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(sink.accepted.map((m) => m.to)).toEqual(['inflight@example.com']);
  });

  it('a row whose lease ran out (its dispatcher died mid-send) is taken again and sent', async () => {
    sink = await startSink();
    const id = await writeMail(db(), 'lease@example.com');
    // as a dispatcher that claimed it and died: sending, attempt 1, lease over
    await db().query(`update outbox set status = 'sending', attempts = 1, lease_until = now() - interval '1 second' where id = $1`, [id]);
    dispatcher = await dispatcherFor(db(), sink);
    await untilStatus(db(), [id], 'sent');
    expect(await row(db(), id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sink.offered.get(`<outbox-${id}@harbor.example>`)).toBe(1);
  });

  it('the late answer of a dispatcher whose lease ran out changes nothing: the row belongs to the attempt that took it again', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const slow = await startDispatcher({
      db: db(),
      transport: {
        send: async () => {
          arrived();
          await held;
          throw Object.assign(new Error('late'), { responseCode: 451, response: '451 late' });
        },
        close: () => undefined,
      },
      from: DEFAULT_SMTP_FROM,
      messageIdDomain: 'harbor.example',
      pollMs: 60_000,
      leaseMs: 1,
      log: () => undefined,
    });
    const id = await writeMail(db(), 'slow@example.com');
    slow.wake();
    await arrival;
    sink = await startSink();
    dispatcher = await dispatcherFor(db(), sink);
    await untilStatus(db(), [id], 'sent');
    release();
    await slow.stop();
    expect(await row(db(), id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });
});

describe('outbox dispatcher settings', () => {
  it('without SMTP_URL there is no dispatcher: nothing listens, nothing is claimed, mail stays pending in the outbox', async () => {
    const db = { listen: vi.fn(), query: vi.fn() } as unknown as Db;
    expect(await startOutboxDispatcher(db, smtpSettings({}))).toBeNull();
    expect(await startOutboxDispatcher(db, smtpSettings({ SMTP_URL: '  ', SMTP_FROM: 'x <a@b.example>' }))).toBeNull();
    expect(db.query).not.toHaveBeenCalled();
    expect(db.listen).not.toHaveBeenCalled();
  });

  it('reads SMTP_URL, SMTP_FROM and OUTBOX_POLL_MS, refusing bad values with their name', () => {
    expect(smtpSettings({ SMTP_URL: 'smtp://mail.internal:587' })).toEqual({ url: 'smtp://mail.internal:587', from: 'Harbor Coffee <no-reply@harbor.example>', pollMs: 1000, messageIdDomain: 'harbor.example' });
    expect(smtpSettings({ SMTP_URL: 'smtps://u:p@mail.internal', SMTP_FROM: 'Shop <Mail@Shop.Example>', OUTBOX_POLL_MS: '250' })).toMatchObject({ from: 'Shop <Mail@Shop.Example>', pollMs: 250, messageIdDomain: 'shop.example' });
    expect(() => smtpSettings({ SMTP_URL: 'http://mail.internal' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => smtpSettings({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL must be a URL/);
    expect(() => smtpSettings({ SMTP_URL: 'smtp://h', SMTP_FROM: 'nobody' })).toThrow(/SMTP_FROM must hold an address/);
    expect(() => smtpSettings({ SMTP_URL: 'smtp://h', OUTBOX_POLL_MS: 'soon' })).toThrow(/OUTBOX_POLL_MS/);
    expect(() => smtpSettings({ SMTP_URL: 'smtp://h', OUTBOX_POLL_MS: '0' })).toThrow(/OUTBOX_POLL_MS must be at least 1/);
  });

  it('classifies answers: 5xx permanent, 4xx, connection errors and a refused login temporary; backoff doubles to its cap', () => {
    expect(classifySmtpError({ responseCode: 550, response: '550 5.1.1 no such user', code: 'EENVELOPE' })).toEqual({ kind: 'permanent', message: '550 5.1.1 no such user' });
    expect(classifySmtpError({ responseCode: 451, response: '451 try later', code: 'EMESSAGE' })).toEqual({ kind: 'temporary', message: '451 try later' });
    expect(classifySmtpError({ responseCode: 535, response: '535 bad credentials', code: 'EAUTH' }).kind).toBe('temporary');
    expect(classifySmtpError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' }))).toEqual({ kind: 'temporary', message: 'ESOCKET connect ECONNREFUSED 127.0.0.1:25' });
    expect([1, 2, 3, 8, 9, 30].map((n) => retryDelayMs(n))).toEqual([2000, 4000, 8000, 256_000, 300_000, 300_000]);
  });
});

// two dispatchers, each with its own pool (as two processes), on one PostgreSQL database
describe.skipIf(!backends().includes('postgres'))('two outbox dispatchers on one PostgreSQL database', () => {
  let db: Db;
  let second: Db;
  beforeAll(async () => {
    db = await openTestDb('postgres');
    second = await anotherProcess(db, 4);
  });
  afterAll(async () => {
    await second?.close();
    await db?.close();
  });

  it('send each message once between them', async () => {
    const sink = await startSink();
    const ids: number[] = [];
    await db.transaction(async (tx) => {
      for (let i = 0; i < 60; i++) ids.push(Number((await tx.query<{ id: number }>(`insert into outbox (channel, recipient, subject, body, kind) values ('email', $1, 'Race', 'x', 'test') returning id`, [`race-${i}@example.com`])).rows[0]!.id));
    });
    const sentBy = { a: 0, b: 0 };
    const counting = async (target: Db, key: 'a' | 'b') => {
      const transport = await smtpTransport(sink.url);
      return startDispatcher({
        db: target,
        transport: {
          send: async (m) => {
            await transport.send(m);
            sentBy[key]++;
          },
          close: () => transport.close(),
        },
        from: DEFAULT_SMTP_FROM,
        messageIdDomain: 'harbor.example',
        pollMs: 10,
        batchSize: 3,
        log: () => undefined,
      });
    };
    const [a, b] = await Promise.all([counting(db, 'a'), counting(second, 'b')]);
    await untilStatus(db, ids, 'sent');
    await Promise.all([a.stop(), b.stop()]);
    await sink.close();
    expect(sink.accepted).toHaveLength(60);
    for (const id of ids) expect(sink.offered.get(`<outbox-${id}@harbor.example>`), `message ${id}`).toBe(1);
    expect(sentBy.a + sentBy.b).toBe(60);
    const attempts = await db.query<{ n: number }>(`select count(*)::int as n from outbox where id = any($1::bigint[]) and attempts = 1`, [ids]);
    expect(attempts.rows[0]!.n).toBe(60);
  });
});
