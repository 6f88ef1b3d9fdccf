/**
 * Stately's own static extractor (@xstate/machine-extractor, what the Stately editor runs on an imported file)
 * against the runtime machine (docs/machines.md, "What Stately's extractor reads"). Both configs are written out
 * as one line per fact (a state and its type/initial/tags, each transition of `on`, `after`, `always`, an
 * invoke's src and id and its onDone/onError, a state's onDone, entry and exit, with targets, guards and action
 * names with their params), and the two sets of lines must be equal. The extractor's own warnings (a value it
 * cannot read, such as `params: SAVED`) are printed with a mismatch; context's initial values are not compared.
 *
 * The extractor (0.16) is written against XState v4 and `require`s `xstate/lib/types` and `xstate/lib/actions`;
 * this repository's `xstate` is v5, and v4 is installed as the alias package `xstate-v4`. Those two requests,
 * and only when they come from the extractor's own files, are sent to `xstate-v4/lib/*`.
 */
import Module, { createRequire } from 'node:module';
import path from 'node:path';

interface ExtractedMachine {
  toConfig(): Record<string, unknown> | undefined;
}
interface Extractor {
  extractMachinesFromFile(source: string): { machines: Array<ExtractedMachine | undefined> } | null;
}

let extractor: Extractor | undefined;

type ResolveFilename = (request: string, parent: { filename?: string | null } | undefined, ...rest: unknown[]) => string;

/** Loads @xstate/machine-extractor with its `xstate/lib/*` requests answered by the xstate-v4 alias. */
export function loadExtractor(): Extractor {
  if (extractor) return extractor;
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@xstate/machine-extractor/package.json'));
  const m = Module as unknown as { _resolveFilename: ResolveFilename };
  const original = m._resolveFilename;
  m._resolveFilename = function (this: unknown, request, parent, ...rest) {
    const fromExtractor = !!parent?.filename && parent.filename.startsWith(dir + path.sep);
    const redirected = fromExtractor && request.startsWith('xstate/lib/') ? `xstate-v4/lib/${request.slice('xstate/lib/'.length)}` : request;
    return original.call(this, redirected, parent, ...rest);
  };
  try {
    extractor = require('@xstate/machine-extractor') as Extractor; // every require of the package happens at load
  } finally {
    m._resolveFilename = original;
  }
  return extractor;
}

type Json = Record<string, unknown>;
const list = (x: unknown): unknown[] => (x === undefined || x === null ? [] : Array.isArray(x) ? x : [x]);

/** Canonical JSON: keys sorted, `{}` and undefined both written as nothing. */
function canon(x: unknown): string {
  if (x === undefined || (typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length === 0)) return '';
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Json)[k])])) : v;
  return JSON.stringify(sort(x));
}

/** How a config (runtime v5, or the extractor's v4-shaped output) writes names, guards and actions. */
interface Dialect {
  guard(t: Json): string;
  action(a: unknown): string;
}

const named = (type: unknown, params: unknown) => {
  const p = canon(params);
  return `${typeof type === 'string' ? type : typeof type === 'function' ? `<function ${(type as { name?: string }).name || 'inline'}>` : '<unreadable>'}${p ? `(${p})` : ''}`;
};

const runtime: Dialect = {
  guard: (t) => {
    const g = t.guard;
    if (g === undefined) return '';
    if (typeof g === 'string') return g;
    if (typeof g === 'function') return `<function ${(g as { name?: string }).name || 'inline'}>`;
    return named((g as Json).type, (g as Json).params);
  },
  action: (a) => {
    if (typeof a === 'string') return a;
    if (typeof a === 'function') return `<function ${(a as { name?: string }).name || 'inline'}>`;
    return named((a as Json).type, (a as Json).params);
  },
};

const extracted: Dialect = {
  guard: (t) => {
    const c = t.cond as Json | undefined;
    if (!c) return '';
    return c.kind === 'named' ? named(c.type, c.params) : `<${String(c.kind)} guard>`;
  },
  action: (a) => {
    const x = a as Json;
    if (x.kind === 'named') return named((x.action as Json).type, (x.action as Json).params);
    return `<${String(x.kind)} action>`;
  },
};

function transitionLines(prefix: string, value: unknown, d: Dialect): string[] {
  return list(value).map((raw, i) => {
    const t: Json = typeof raw === 'string' ? { target: raw } : ((raw ?? {}) as Json);
    const target = list(t.target).map(String).join(', ');
    const guard = d.guard(t);
    const actions = list(t.actions).map(d.action).join(', ');
    return `${prefix} [${i}] -> ${target || '(stays)'}${guard ? ` if ${guard}` : ''}${actions ? ` do ${actions}` : ''}`;
  });
}

/** The facts of one config, one line each, sorted. */
export function structureLines(config: Json, d: Dialect): string[] {
  const out: string[] = [];
  const walk = (node: Json, at: string) => {
    const tags = list(node.tags).map(String).join(', ');
    out.push(`${at}: state${node.type ? ` type=${String(node.type)}` : ''}${node.initial ? ` initial=${String(node.initial)}` : ''}${tags ? ` tags=${tags}` : ''}`);
    const entry = list(node.entry).map(d.action).join(', ');
    const exit = list(node.exit).map(d.action).join(', ');
    if (entry) out.push(`${at}: entry ${entry}`);
    if (exit) out.push(`${at}: exit ${exit}`);
    for (const [event, t] of Object.entries((node.on ?? {}) as Json)) out.push(...transitionLines(`${at}: on ${event}`, t, d));
    for (const [delay, t] of Object.entries((node.after ?? {}) as Json)) out.push(...transitionLines(`${at}: after ${delay}`, t, d));
    if (node.always !== undefined) out.push(...transitionLines(`${at}: always`, node.always, d));
    if (node.onDone !== undefined) out.push(...transitionLines(`${at}: onDone`, node.onDone, d));
    list(node.invoke).forEach((raw, i) => {
      const inv = raw as Json;
      const src = typeof inv.src === 'string' ? inv.src : `<${typeof inv.src}>`;
      out.push(`${at}: invoke [${i}] src=${src} id=${String(inv.id ?? '')}`);
      if (inv.onDone !== undefined) out.push(...transitionLines(`${at}: invoke [${i}] onDone`, inv.onDone, d));
      if (inv.onError !== undefined) out.push(...transitionLines(`${at}: invoke [${i}] onError`, inv.onError, d));
    });
    for (const [key, child] of Object.entries((node.states ?? {}) as Json)) walk(child as Json, at === '(root)' ? key : `${at}.${key}`);
  };
  walk(config, '(root)');
  return out.sort();
}

export interface ExtractorComparison {
  /** facts of the runtime machine the extractor did not read (or read differently) */
  missing: string[];
  /** facts the extractor read that the runtime machine does not have */
  extra: string[];
  /** the extractor's own warnings while reading the file */
  warnings: string[];
}

/**
 * Extracts the machine with `id` from a machine file's source and compares it with the runtime config.
 * The runtime config is `machine.config` (what `createMachine` was given).
 */
export function compareWithExtractor(source: string, runtimeConfig: Json): ExtractorComparison {
  const { extractMachinesFromFile } = loadExtractor();
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const detail = args[1] as { key?: string; value?: { type?: string; name?: string; loc?: { start?: { line?: number } } } } | undefined;
    const v = detail?.value;
    warnings.push(`${String(args[0])}${detail?.key ? `: ${detail.key}: ${v?.name ?? v?.type ?? ''}${v?.loc?.start?.line ? ` (line ${v.loc.start.line})` : ''}` : ''}`);
  };
  let configs: Json[];
  try {
    configs = (extractMachinesFromFile(source)?.machines ?? []).map((m) => m?.toConfig()).filter((c): c is Json => !!c);
  } finally {
    console.warn = warn;
  }
  const found = configs.find((c) => c.id === runtimeConfig.id);
  const want = structureLines(runtimeConfig, runtime);
  if (!found) return { missing: [`no machine with id ${String(runtimeConfig.id)} extracted (found: ${configs.map((c) => String(c.id)).join(', ') || 'none'})`], extra: [], warnings };
  const got = structureLines(found, extracted);
  const gotSet = new Set(got);
  const wantSet = new Set(want);
  return { missing: want.filter((l) => !gotSet.has(l)), extra: got.filter((l) => !wantSet.has(l)), warnings };
}

/** A readable report of a comparison ('' when the extractor reads the machine as it runs). */
export function formatComparison(file: string, c: ExtractorComparison): string {
  if (!c.missing.length && !c.extra.length) return ''; // a warning alone is about context's initial values (`lng: -73.9`), not compared
  return [
    `${file}: Stately's extractor does not read the machine as it runs`,
    ...c.warnings.map((w) => `  ! extractor: ${w}`),
    ...c.missing.map((l) => `  - runtime only:   ${l}`),
    ...c.extra.map((l) => `  + extracted only: ${l}`),
  ].join('\n');
}
