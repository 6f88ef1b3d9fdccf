import { queryPrepared, type Queryable } from '../db/db.ts';
import { makeRoom } from './bounded-map.ts';
import { summaryJsonParts, type SummaryRow } from './store-format.ts';
import type { FeatureFilter } from './features.ts';

/**
 * Every store's position, filter columns and summary columns held in memory, with a k-d tree over the positions:
 * a cache of the `stores` table (docs/locator.md "Performance", "The stores in memory"). Once it is ready, a list
 * search walks the tree instead of PostgreSQL's GiST index, and reads no store row: its cost no longer grows with
 * the table (an index scan on PGlite and the columns of every row it returns were most of a search, more at 10 x
 * the stores).
 *
 * Only a cache, like the store rows (store-cache.ts): the first list search starts reading it in the background
 * (startStoreIndex, from server/main.ts), searches use the SQL path until it is ready, and a change to `stores`
 * drops it in every process (the trigger's NOTIFY, server/db/invalidation.ts; a lost LISTEN connection drops it too);
 * the next search then reads it again. Answers are the same on both paths: the positions are `stores.earth_point`
 * itself (the cube's three coordinates, read as float8 and exact in JSON), the distances are computed as the cube
 * extension's `<->` computes them (the square root of the sum of the squared differences, in that order), the centre
 * is PostgreSQL's own ll_to_earth (centreOf: JavaScript's cos and sin differ from the C library's in the last bit
 * for about 3% of points), and the order is nearest first (server/locator/locations-equivalence.test.ts compares
 * both paths with the reference).
 */

/**
 * Stores per query while reading (keyset by short number: each query one index range scan). Small, so that the
 * text of one query and its parse are small: with 10,000 the compiled server (17,000 stores) stayed at 314 MB of RSS
 * after the first search, with 2,000 it went back to 255 MB (without the index: 267 MB).
 */
export const INDEX_LOAD_CHUNK = 2_000;
/**
 * At most this many stores are held (about 0.3 KB each, so 120 MB at the bound); with more, searches stay on the SQL
 * path (the load stops with TooManyStores, and is not tried again until stores change).
 */
export const STORE_INDEX_MAX = 400_000;
/** After a load fails, none is started again for this long (a failing database is not read whole on every search). */
export const STORE_INDEX_RETRY_MS = 60_000;

export class TooManyStores extends Error {
  constructor(readonly max: number) {
    super(`more than ${max} stores: list searches stay on the SQL path`);
  }
}
/** Points per leaf of the k-d tree. */
const LEAF = 16;

export interface StoreIndex {
  readonly size: number;
  /** summary columns by position in the index */
  readonly rows: readonly SummaryRow[];
  /** earth_point: x, y, z of each store */
  readonly xyz: Float64Array;
  /** the store's feature codes as a bit set, `words` 32-bit words per store (bit numbers in `codeBits`) */
  readonly codes: Uint32Array;
  readonly words: number;
  readonly codeBits: ReadonlyMap<string, number>;
  /** is_open_24_hours */
  readonly allDay: Uint8Array;
  /** each store's hours key as a number: its position in `keys` (the distinct hours keys) */
  readonly keyOf: Int32Array;
  readonly keys: readonly string[];
  readonly byShort: ReadonlyMap<string, number>;
  /** bounding box of every store: min x, y, z, max x, y, z */
  readonly box: Float64Array;
  /**
   * Per subtree of the tree (numbered as a heap: the root 0, the halves of n 2n + 1 and 2n + 2): the feature codes
   * that any of its stores carries (`words` words each, the union of `codes`), and whether any is open 24 hours.
   * A walk with a filter skips a subtree in which no store can pass (storeFilter's `subtree`).
   */
  readonly subtreeCodes: Uint32Array;
  readonly subtreeAllDay: Uint8Array;
  /**
   * The parts of each store's summary JSON that do not change with the time (store-format.ts summaryJsonParts),
   * made when the store is first listed: a store's text is written, not serialised, once it has been listed.
   */
  readonly json: (readonly [string, string] | undefined)[];
}

/** One store as the load query returns it (LOAD_JSON). */
type LoadTuple = [string, string, string, string, number, number, string, SummaryRow['availability'], boolean, number, number, number, string[], boolean];

const LOAD_JSON = `json_build_array(short_number, hours_key, store_number, name, latitude, longitude, address->>'singleLine',
  mobile_ordering->>'availability', (mobile_ordering->>'guestOrdering')::boolean,
  cube_ll_coord(earth_point, 1), cube_ll_coord(earth_point, 2), cube_ll_coord(earth_point, 3), feature_codes, is_open_24_hours)::text`;

/** Builds the index from loaded tuples (exported for the tests). */
export function buildStoreIndex(tuples: readonly LoadTuple[]): StoreIndex {
  const size = tuples.length;
  const codeBits = new Map<string, number>();
  for (const t of tuples) for (const c of t[12]) if (!codeBits.has(c)) codeBits.set(c, codeBits.size);
  const words = Math.max(1, Math.ceil(codeBits.size / 32));
  const rows: SummaryRow[] = new Array(size);
  const xyz = new Float64Array(size * 3);
  const codes = new Uint32Array(size * words);
  const allDay = new Uint8Array(size);
  const byShort = new Map<string, number>();
  const keyOf = new Int32Array(size);
  const keyIds = new Map<string, number>();
  const box = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  // the stores are held in k-d order, which is the tree (implicit: the median of stores [lo, hi] at (lo + hi) >> 1,
  // axes x, y, z by depth): a leaf's stores are next to each other in memory, which at 170,000 stores (4 MB of
  // positions) saves a cache miss for each store a walk looks at
  const order = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    order[i] = i;
    for (let a = 0; a < 3; a++) xyz[i * 3 + a] = tuples[i]![9 + a] as number;
  }
  sortKd(order, xyz, 0, size - 1, 0);
  order.forEach((from, i) => {
    const [short_number, hours_key, store_number, name, latitude, longitude, single_line, availability, guest_ordering, x, y, z, featureCodes, is24] = tuples[from]!;
    rows[i] = { short_number, store_number, name, latitude, longitude, single_line, availability, guest_ordering, hours_key };
    xyz[i * 3] = x;
    xyz[i * 3 + 1] = y;
    xyz[i * 3 + 2] = z;
    for (let a = 0; a < 3; a++) {
      box[a] = Math.min(box[a]!, xyz[i * 3 + a]!);
      box[a + 3] = Math.max(box[a + 3]!, xyz[i * 3 + a]!);
    }
    for (const c of featureCodes) {
      const bit = codeBits.get(c)!;
      codes[i * words + (bit >> 5)]! |= 1 << (bit & 31);
    }
    allDay[i] = is24 ? 1 : 0;
    byShort.set(short_number, i);
    let k = keyIds.get(hours_key);
    if (k === undefined) keyIds.set(hours_key, (k = keyIds.size));
    keyOf[i] = k;
  });
  const nodes = size ? lastNode(0, 0, size - 1) + 1 : 0;
  const subtreeCodes = new Uint32Array(nodes * words);
  const subtreeAllDay = new Uint8Array(nodes);
  /** ORs stores lo..hi into subtree `n` (and its subtrees) */
  const union = (n: number, lo: number, hi: number) => {
    const add = (i: number) => {
      for (let w = 0; w < words; w++) subtreeCodes[n * words + w]! |= codes[i * words + w]!;
      subtreeAllDay[n]! |= allDay[i]!;
    };
    if (hi - lo <= LEAF) {
      for (let i = lo; i <= hi; i++) add(i);
      return;
    }
    const m = (lo + hi) >> 1;
    add(m);
    for (const [c, a, b] of [[2 * n + 1, lo, m - 1], [2 * n + 2, m + 1, hi]] as const) {
      if (a > b) continue;
      union(c, a, b);
      for (let w = 0; w < words; w++) subtreeCodes[n * words + w]! |= subtreeCodes[c * words + w]!;
      subtreeAllDay[n]! |= subtreeAllDay[c]!;
    }
  };
  if (size) union(0, 0, size - 1);
  return { size, rows, xyz, codes, words, codeBits, allDay, keyOf, keys: [...keyIds.keys()], byShort, box, subtreeCodes, subtreeAllDay, json: new Array<readonly [string, string] | undefined>(size) };
}

/** The highest subtree number under subtree `n` (stores lo..hi), as NearestCursor splits it. */
function lastNode(n: number, lo: number, hi: number): number {
  if (hi - lo <= LEAF) return n;
  const m = (lo + hi) >> 1;
  let last = n;
  if (m - 1 >= lo) last = Math.max(last, lastNode(2 * n + 1, lo, m - 1));
  if (hi >= m + 1) last = Math.max(last, lastNode(2 * n + 2, m + 1, hi));
  return last;
}

/** Orders tree[lo..hi] so that its median on `axis` sits in the middle, then each half on the next axis. */
function sortKd(tree: Int32Array, xyz: Float64Array, lo: number, hi: number, axis: number): void {
  if (hi - lo <= LEAF) return;
  const m = (lo + hi) >> 1;
  select(tree, xyz, m, lo, hi, axis);
  sortKd(tree, xyz, lo, m - 1, (axis + 1) % 3);
  sortKd(tree, xyz, m + 1, hi, (axis + 1) % 3);
}

/** Floyd-Rivest selection: tree[k] gets the element of rank k on `axis` within [lo, hi]. */
function select(tree: Int32Array, xyz: Float64Array, k: number, lo: number, hi: number, axis: number): void {
  const at = (i: number) => xyz[tree[i]! * 3 + axis]!;
  while (hi > lo) {
    if (hi - lo > 600) {
      const n = hi - lo + 1;
      const m = k - lo + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      select(tree, xyz, k, Math.max(lo, Math.floor(k - (m * s) / n + sd)), Math.min(hi, Math.floor(k + ((n - m) * s) / n + sd)), axis);
    }
    const t = at(k);
    let i = lo;
    let j = hi;
    swap(tree, lo, k);
    if (at(hi) > t) swap(tree, lo, hi);
    while (i < j) {
      swap(tree, i, j);
      i++;
      j--;
      while (at(i) < t) i++;
      while (at(j) > t) j--;
    }
    if (at(lo) === t) swap(tree, lo, j);
    else {
      j++;
      swap(tree, j, hi);
    }
    if (j <= k) lo = j + 1;
    if (k <= j) hi = j - 1;
  }
}

function swap(a: Int32Array, i: number, j: number) {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** The cube extension's `<->` between two points: sqrt of the squared differences summed in axis order. */
export function chord(xyz: Float64Array, i: number, c: readonly [number, number, number]): number {
  const dx = xyz[i * 3]! - c[0];
  const dy = xyz[i * 3 + 1]! - c[1];
  const dz = xyz[i * 3 + 2]! - c[2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Distance from the centre to a box (0 inside): never more than the distance to any point in it, in floating point too. */
function boxDistance(b: Float64Array, c: readonly [number, number, number]): number {
  let s = 0;
  for (let a = 0; a < 3; a++) {
    const d = c[a]! < b[a]! ? b[a]! - c[a]! : c[a]! > b[a + 3]! ? c[a]! - b[a + 3]! : 0;
    s += d * d;
  }
  return Math.sqrt(s);
}

/** A typed array twice as long, with the same contents first. */
function grown<T extends Int32Array | Uint8Array | Float64Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/** Walks stores nearest first: `next()` moves to the next one (false when none is left), then `store` and `chord`. */
export interface StoreCursor {
  next(): boolean;
  store: number;
  chord: number;
}

/**
 * The stores that pass `pass`, nearest to the centre first, each with its chord (metres): a best-first walk of the
 * tree (a subtree is opened only when nothing nearer is left), so taking the first n costs about n + log(size) steps
 * when most stores pass, and more when few do. The heap holds stores (values >= 0) and subtrees (values < 0, their
 * bounds and boxes in typed arrays), so a walk allocates a few arrays and nothing per store.
 */
export class NearestCursor implements StoreCursor {
  store = -1;
  chord = NaN;
  /**
   * With a gate: the chord of every store that passed `pass`, yielded or not, in the order the walk met them (the
   * first `seenCount`): what the open-now search counts its candidates from (nearestFromIndex).
   */
  seen: Float64Array = new Float64Array(0);
  seenCount = 0;
  private heapD = new Float64Array(256);
  private heapV = new Int32Array(256);
  private heapN = 0;
  private nodeId = new Int32Array(64);
  private nodeLo = new Int32Array(64);
  private nodeHi = new Int32Array(64);
  private nodeAxis = new Uint8Array(64);
  private nodeBox = new Float64Array(64 * 6);
  private nodes = 0;
  /** the box of the subtree being split */
  private readonly box = new Float64Array(6);
  private readonly subtree: ((node: number) => boolean) | undefined;

  constructor(
    private readonly ix: StoreIndex,
    private readonly centre: readonly [number, number, number],
    private readonly pass: StorePass,
    /**
     * When given, a store that passes is yielded only unless `gate.open` of its hours key number (`ix.keyOf`) is 0
     * (known closed this minute: the open-now search's minute table); every store that passes is counted in `seen`
     * (`gate.seen` to start with, when given: a buffer to reuse; grown when full).
     */
    private readonly gate?: { readonly open: Int8Array; readonly seen?: Float64Array },
  ) {
    if (gate) this.seen = gate.seen ?? new Float64Array(1024);
    this.subtree = pass.subtree;
    if (ix.size && (!this.subtree || this.subtree(0))) this.pushNode(0, 0, ix.size - 1, 0, ix.box, 0);
  }

  next(): boolean {
    const { ix, centre, pass, subtree } = this;
    while (this.heapN) {
      const d = this.heapD[0]!;
      const v = this.popTop();
      if (v >= 0) {
        this.store = v;
        this.chord = d;
        return true;
      }
      const n = -v - 1;
      const id = this.nodeId[n]!;
      const lo = this.nodeLo[n]!;
      const hi = this.nodeHi[n]!;
      if (hi - lo <= LEAF) {
        for (let i = lo; i <= hi; i++) {
          if (pass(i)) this.offer(i, chord(ix.xyz, i, centre));
        }
        continue;
      }
      const axis = this.nodeAxis[n]!;
      const m = (lo + hi) >> 1;
      if (pass(m)) this.offer(m, chord(ix.xyz, m, centre));
      const split = ix.xyz[m * 3 + axis]!;
      const box = this.box;
      for (let a = 0; a < 6; a++) box[a] = this.nodeBox[n * 6 + a]!;
      const next = (axis + 1) % 3;
      if (m - 1 >= lo && (!subtree || subtree(2 * id + 1))) {
        const max = box[axis + 3]!;
        box[axis + 3] = split;
        this.pushNode(2 * id + 1, lo, m - 1, next, box, boxDistance(box, centre));
        box[axis + 3] = max;
      }
      if (hi >= m + 1 && (!subtree || subtree(2 * id + 2))) {
        box[axis] = split;
        this.pushNode(2 * id + 2, m + 1, hi, next, box, boxDistance(box, centre));
      }
    }
    this.store = -1;
    this.chord = NaN;
    return false;
  }

  /** A store that passed: onto the heap (unless the gate knows it closed), and counted in `seen` with a gate. */
  private offer(i: number, d: number) {
    const gate = this.gate;
    if (gate) {
      if (this.seenCount === this.seen.length) this.seen = grown(this.seen);
      this.seen[this.seenCount++] = d;
      if (gate.open[this.ix.keyOf[i]!] === 0) return;
    }
    this.push(d, i);
  }

  /** The distance of the nearest subtree or store not yet yielded (Infinity when none is left). */
  frontier(): number {
    return this.heapN ? this.heapD[0]! : Infinity;
  }

  private pushNode(id: number, lo: number, hi: number, axis: number, box: Float64Array, d: number) {
    if (this.nodes === this.nodeLo.length) {
      this.nodeId = grown(this.nodeId);
      this.nodeLo = grown(this.nodeLo);
      this.nodeHi = grown(this.nodeHi);
      this.nodeAxis = grown(this.nodeAxis);
      this.nodeBox = grown(this.nodeBox);
    }
    const n = this.nodes++;
    this.nodeId[n] = id;
    this.nodeLo[n] = lo;
    this.nodeHi[n] = hi;
    this.nodeAxis[n] = axis;
    this.nodeBox.set(box, n * 6);
    this.push(d, -n - 1);
  }

  private push(d: number, v: number) {
    if (this.heapN === this.heapD.length) {
      this.heapD = grown(this.heapD);
      this.heapV = grown(this.heapV);
    }
    const hd = this.heapD;
    const hv = this.heapV;
    let i = this.heapN++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (hd[p]! <= d) break;
      hd[i] = hd[p]!;
      hv[i] = hv[p]!;
      i = p;
    }
    hd[i] = d;
    hv[i] = v;
  }

  /** Removes the top of the heap; returns its value. */
  private popTop(): number {
    const hd = this.heapD;
    const hv = this.heapV;
    const top = hv[0]!;
    const n = --this.heapN;
    if (n === 0) return top;
    const d = hd[n]!;
    const v = hv[n]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && hd[r]! < hd[l]! ? r : l;
      if (hd[c]! >= d) break;
      hd[i] = hd[c]!;
      hv[i] = hv[c]!;
      i = c;
    }
    hd[i] = d;
    hv[i] = v;
    return top;
  }
}

/** A cursor over a list already in order (storesByNumber). */
export class ListCursor implements StoreCursor {
  store = -1;
  chord = NaN;
  private k = 0;
  constructor(private readonly list: readonly [number, number][]) {}
  next(): boolean {
    const e = this.list[this.k++];
    this.store = e ? e[0] : -1;
    this.chord = e ? e[1] : NaN;
    return Boolean(e);
  }
}

/** The walk as [store, chord] pairs (tests). */
export function* nearestStores(ix: StoreIndex, centre: readonly [number, number, number], pass: StorePass): Generator<[number, number]> {
  const cursor = new NearestCursor(ix, centre, pass);
  while (cursor.next()) yield [cursor.store, cursor.chord];
}

/** The stores with these short numbers that pass, nearest first (favorites and previous stores: a handful). */
export function storesByNumber(ix: StoreIndex, centre: readonly [number, number, number], shortNumbers: readonly string[], pass: (i: number) => boolean): [number, number][] {
  const out: [number, number][] = [];
  for (const n of new Set(shortNumbers)) {
    const i = ix.byShort.get(n);
    if (i !== undefined && pass(i)) out.push([i, chord(ix.xyz, i, centre)]);
  }
  return out.sort((a, b) => a[1] - b[1]);
}

/**
 * A test of a store by its position in the index; `subtree`, when given, tells whether any store of a subtree (by
 * its number, StoreIndex.subtreeCodes) can pass: the walk skips the others.
 */
export type StorePass = ((i: number) => boolean) & { subtree?: (node: number) => boolean };

/** The static part of a feature filter as a test of a store (every code carried; open 24 hours when asked). */
export function storeFilter(ix: StoreIndex, filter: FeatureFilter): StorePass {
  const need = new Uint32Array(ix.words);
  for (const c of filter.staticCodes) {
    const bit = ix.codeBits.get(c);
    if (bit === undefined) return Object.assign(() => false, { subtree: () => false }); // no store carries it
    need[bit >> 5]! |= 1 << (bit & 31);
  }
  const words = ix.words;
  const allDay = filter.allDay;
  if (!allDay && !filter.staticCodes.length) return () => true;
  const carries = (codes: Uint32Array, at: number) => {
    for (let w = 0; w < words; w++) {
      const n = need[w]!;
      if ((codes[at + w]! & n) !== n) return false;
    }
    return true;
  };
  return Object.assign((i: number) => (!allDay || ix.allDay[i] === 1) && carries(ix.codes, i * words), {
    subtree: (n: number) => (!allDay || ix.subtreeAllDay[n] === 1) && carries(ix.subtreeCodes, n * words),
  });
}

/** Reads every store (INDEX_LOAD_CHUNK per query, pausing between queries so that requests are served meanwhile). */
export async function loadStoreIndex(db: Queryable, opts: { signal?: AbortSignal; pause?: () => Promise<void>; chunk?: number; max?: number } = {}): Promise<StoreIndex | null> {
  const chunkSize = opts.chunk ?? INDEX_LOAD_CHUNK;
  const max = opts.max ?? STORE_INDEX_MAX;
  const pause = opts.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const tuples: LoadTuple[] = [];
  let after = '';
  for (;;) {
    if (opts.signal?.aborted) return null;
    const r = await db.query<{ j: string | null }>(
      `select string_agg(j, ',') as j from (select ${LOAD_JSON} as j from stores where short_number > $1 order by short_number limit $2) t`,
      [after, chunkSize],
    );
    const chunk = r.rows[0]?.j ? (JSON.parse(`[${r.rows[0].j}]`) as LoadTuple[]) : [];
    for (const t of chunk) tuples.push(t);
    if (tuples.length > max) throw new TooManyStores(max);
    if (chunk.length < chunkSize) break;
    after = chunk[chunk.length - 1]![0];
    await pause();
  }
  if (opts.signal?.aborted) return null;
  return buildStoreIndex(tuples);
}

interface State {
  index: StoreIndex | null;
  loading: AbortController | null;
  /** no load before this time (Date.now()): after a failure; Infinity after TooManyStores, until clearStoreIndex */
  notBefore: number;
}

const states = new WeakMap<Queryable, State>();

function stateOf(db: Queryable): State {
  let s = states.get(db);
  if (!s) {
    s = { index: null, loading: null, notBefore: 0 };
    states.set(db, s);
  }
  return s;
}

/** The index of this database when it is ready, else null (the search takes the SQL path). */
export function readyStoreIndex(db: Queryable): StoreIndex | null {
  return states.get(db)?.index ?? null;
}

/**
 * Starts reading the index in the background unless it is held or being read (server/main.ts calls this on every
 * list search; after an invalidation the next search starts it again), or a load failed less than
 * STORE_INDEX_RETRY_MS ago, or there are more than STORE_INDEX_MAX stores (`max`; until stores change). `signal` stops it (the server stopping);
 * `done` gets the outcome of a load that was not dropped meanwhile.
 */
export function startStoreIndex(db: Queryable, opts: { signal?: AbortSignal; done?: (outcome: { stores: number; ms: number } | Error) => void; max?: number } = {}): Promise<void> | null {
  const s = stateOf(db);
  if (s.index || s.loading || opts.signal?.aborted || Date.now() < s.notBefore) return null;
  const loading = new AbortController();
  s.loading = loading;
  const stop = () => loading.abort();
  opts.signal?.addEventListener('abort', stop, { once: true });
  const t0 = performance.now();
  return loadStoreIndex(db, { signal: loading.signal, max: opts.max }).then(
    (index) => {
      opts.signal?.removeEventListener('abort', stop);
      if (s.loading !== loading) return; // dropped meanwhile (clearStoreIndex)
      s.loading = null;
      if (!index) return;
      s.index = index;
      opts.done?.({ stores: index.size, ms: performance.now() - t0 });
      void fillSummaryJson(index, { stopped: () => s.index !== index || Boolean(opts.signal?.aborted) });
    },
    (e: unknown) => {
      opts.signal?.removeEventListener('abort', stop);
      if (s.loading !== loading) return;
      s.loading = null;
      if (loading.signal.aborted) return;
      s.notBefore = e instanceof TooManyStores ? Infinity : Date.now() + STORE_INDEX_RETRY_MS;
      opts.done?.(e instanceof Error ? e : new Error(String(e)));
    },
  );
}

/** Stores per step of fillSummaryJson (about 2-3 us each: a few ms per step, between which requests are served). */
export const SUMMARY_JSON_CHUNK = 2_000;

/**
 * Makes the summary JSON parts (StoreIndex.json) of every store not listed yet, SUMMARY_JSON_CHUNK stores per step
 * with `pause` between steps, until done or `stopped()` (the index dropped, the server stopping). Started once the
 * index is ready (startStoreIndex): otherwise each store makes its parts when first listed, which at 170,000 stores
 * was about a quarter of a search's time in the benchmark's first pass (25 stores per search listed for the first
 * time, against 6 at 17,000). The same parts either way; memory is what the index holds once every store has been
 * listed (about 0.3 KB a store, docs/operations.md).
 */
export async function fillSummaryJson(ix: StoreIndex, opts: { stopped?: () => boolean; pause?: () => Promise<void> } = {}): Promise<number> {
  const pause = opts.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  let made = 0;
  for (let from = 0; from < ix.size; from += SUMMARY_JSON_CHUNK) {
    await pause();
    if (opts.stopped?.()) break;
    for (let i = from; i < Math.min(ix.size, from + SUMMARY_JSON_CHUNK); i++) {
      if (ix.json[i]) continue;
      ix.json[i] = summaryJsonParts(ix.rows[i]!);
      made++;
    }
  }
  return made;
}

/** Drops the index and stops a load under way (a change to stores: server/db/invalidation.ts). */
export function clearStoreIndex(db: Queryable): void {
  const s = states.get(db);
  if (!s) return;
  s.loading?.abort();
  s.loading = null;
  s.index = null;
  s.notBefore = 0;
}

/**
 * ll_to_earth(lat, lng) as this database computes it (the SQL path's centre, to the bit: PGlite's C library and a
 * PostgreSQL server's differ in the last bit of cos and sin too), cached per database: a pure function of its two
 * numbers, never stale. Bounded: the oldest entry goes first.
 */
const CENTRES_MAX = 10_000;
const centresByDb = new WeakMap<Queryable, Map<string, readonly [number, number, number]>>();

export async function centreOf(db: Queryable, lat: number, lng: number): Promise<readonly [number, number, number]> {
  let centres = centresByDb.get(db);
  if (!centres) centresByDb.set(db, (centres = new Map()));
  const key = `${lat},${lng}`;
  const known = centres.get(key);
  if (known) return known;
  const r = await queryPrepared<{ j: string }>(
    db,
    'select json_build_array(cube_ll_coord(c, 1), cube_ll_coord(c, 2), cube_ll_coord(c, 3))::text as j from (select ll_to_earth($1::float8, $2::float8) as c) s',
    [lat, lng],
  );
  const c = JSON.parse(r.rows[0]!.j) as [number, number, number];
  makeRoom(centres, CENTRES_MAX);
  centres.set(key, c);
  return c;
}
