/**
 * The home stream (docs/home.md 3.1, 3.3; spec 3 sections 4, 5, 7): assembles a member's items from the sources
 * (server/home/sources.ts), drops expired items and types not asked for, versions the answer per member
 * (stream_versions: a digest of the items and when it last changed) and answers 304 when nothing changed since the
 * client's `modifiedSince`. A source that fails or exceeds STREAM_SOURCE_TIMEOUT_MS makes the answer a 206 with the
 * others' items (`partial: true`, `failedSources`); a 206 is not a version: it is not stored and its lastModified is
 * the epoch, so the next call with it is answered in full.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { rewardsSummary, type MemberRewards } from '../rewards/summary.ts';
import type { GuestStreamItemsAnswer, StreamItem, StreamItemsAnswer, StreamItemsQuery, StreamSource } from '../../contracts/home.ts';
import { SOURCE_TYPES, contentRows, guestItem, guestModifiedAt, memberSources, type Source } from './sources.ts';

export const STREAM_SOURCE_TIMEOUT_MS = 1000;
/** a 206's lastModified: earlier than any version, so it never earns a 304 */
export const PARTIAL_LAST_MODIFIED = new Date(0);

export type StreamResult<A> = { status: 200; body: A; lastModified: Date } | { status: 206; body: A; lastModified: Date } | { status: 304; lastModified: Date };

type Query = Pick<StreamItemsQuery, 'streamItemTypes' | 'modifiedSince'>;

function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stream source ${name} took over ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** sha256 of the items' canonical JSON (keys sorted), so the same items in any key order give the same digest */
export function digestOf(items: readonly unknown[]): string {
  const canon = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(canon);
    if (x && typeof x === 'object') return Object.fromEntries(Object.keys(x).sort().map((k) => [k, canon((x as Record<string, unknown>)[k])]));
    return x;
  };
  return createHash('sha256').update(JSON.stringify(canon(items))).digest('hex');
}

/** not ended at `at` (spec 4: "Expired items are dropped on success") */
const live = (endDate: string | null | undefined, at: Date) => !endDate || new Date(endDate).getTime() > at.getTime();
const notModified = (modifiedAt: Date, since: string | undefined) => since !== undefined && modifiedAt.getTime() <= new Date(since).getTime();

/**
 * Records the digest of a full answer; returns when the member's stream last changed. One statement, so concurrent
 * reads cannot move modified_at back; a changed digest moves it at least 1 ms past the previous value (two changes
 * within one millisecond, or a clock behind another process's, still give a newer lastModified).
 */
async function recordVersion(db: Db, userId: string, digest: string, at: Date): Promise<Date> {
  const r = await db.query<{ modified_at: Date }>(
    `insert into stream_versions (user_id, digest, modified_at) values ($1, $2, $3)
     on conflict (user_id) do update set
       digest = excluded.digest,
       modified_at = case when stream_versions.digest = excluded.digest then stream_versions.modified_at
                          else greatest(excluded.modified_at, stream_versions.modified_at + interval '1 millisecond') end
     returning modified_at`,
    [userId, digest, at],
  );
  return new Date(r.rows[0]!.modified_at);
}

export function createStreamService(opts: { sources?: Partial<Record<StreamSource, Source>>; timeoutMs?: number } = {}) {
  const sources: Record<StreamSource, Source> = { ...memberSources, ...opts.sources };
  const timeoutMs = opts.timeoutMs ?? STREAM_SOURCE_TIMEOUT_MS;

  async function memberStream(db: Db, userId: string, query: Query, at: Date): Promise<StreamResult<StreamItemsAnswer>> {
    const wanted = new Set(query.streamItemTypes);
    let summary: Promise<MemberRewards> | undefined;
    const ctx = { db, userId, at, summary: () => (summary ??= rewardsSummary(db, userId, at)) };
    const names = (Object.keys(sources) as StreamSource[]).filter((n) => SOURCE_TYPES[n].some((t) => wanted.has(t)));
    const settled = await Promise.allSettled(names.map((n) => withTimeout(Promise.resolve().then(() => sources[n](ctx)), timeoutMs, n)));
    const failedSources: StreamSource[] = [];
    const items: StreamItem[] = [];
    settled.forEach((r, i) => {
      if (r.status === 'fulfilled') items.push(...r.value);
      else {
        failedSources.push(names[i]!);
        console.warn(`[stream] source ${names[i]} failed for a member:`, r.reason instanceof Error ? r.reason.message : r.reason);
      }
    });
    const streamItems = items
      .filter((x) => wanted.has(x.streamItemType) && live(x.endDate, at))
      .sort((a, b) => a.rank - b.rank || (a.streamItemId < b.streamItemId ? -1 : a.streamItemId > b.streamItemId ? 1 : 0));
    if (failedSources.length) {
      return { status: 206, lastModified: PARTIAL_LAST_MODIFIED, body: { streamItems, lastModified: PARTIAL_LAST_MODIFIED.toISOString(), partial: true, failedSources } };
    }
    const modifiedAt = await recordVersion(db, userId, digestOf([[...wanted].sort(), streamItems]), at);
    if (notModified(modifiedAt, query.modifiedSince)) return { status: 304, lastModified: modifiedAt };
    return { status: 200, lastModified: modifiedAt, body: { streamItems, lastModified: modifiedAt.toISOString() } };
  }

  /** the unauthenticated stream: guest content rows live at `at`; versioned by guestModifiedAt (no per-visitor row) */
  async function guestStream(db: Db, query: Query, at: Date): Promise<StreamResult<GuestStreamItemsAnswer>> {
    // guest items are editorial: content and information types (carousels travel as content)
    const wanted = new Set(query.streamItemTypes);
    const [rows, modifiedAt] = await Promise.all([contentRows(db, 'guest', at), guestModifiedAt(db, at)]);
    if (notModified(modifiedAt, query.modifiedSince)) return { status: 304, lastModified: modifiedAt };
    const streamItems = rows.filter((r) => wanted.has(r.item_type === 'information' ? 'information' : 'content')).map(guestItem);
    return { status: 200, lastModified: modifiedAt, body: { streamItems, lastModified: modifiedAt.toISOString() } };
  }

  return { memberStream, guestStream };
}

export type StreamService = ReturnType<typeof createStreamService>;
