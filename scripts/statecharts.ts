/**
 * Generates statecharts.md from the machines (machines/*.machine.ts): per machine its purpose,
 * spec section, a Mermaid state diagram and tables of states and events.
 *   npm run statecharts          write statecharts.md
 *   npm run statecharts -- --check   exit 1 when statecharts.md is stale (CI; also a test), or when Stately's
 *                                    extractor reads a machine file differently from the runtime machine
 *                                    (scripts/stately-extract.ts; docs/machines.md)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { compareWithExtractor, formatComparison } from './stately-extract.ts';

type Node = AnyStateMachine['root'];
type Transition = { eventType: string; target?: readonly Node[]; guard?: unknown; actions: readonly unknown[]; source: Node; reenter?: boolean };

export interface LoadedMachine {
  file: string;
  name: string;
  machine: AnyStateMachine;
  /** everything the machine file exports (its invokes' input mappers among them) */
  exports: Record<string, unknown>;
}

export async function loadMachines(dir = 'machines'): Promise<LoadedMachine[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.machine.ts')).sort();
  const out: LoadedMachine[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.resolve(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (name.endsWith('Machine') && value && typeof value === 'object' && 'root' in value && 'config' in value) {
        out.push({ file: `${dir}/${file}`, name, machine: value as AnyStateMachine, exports: mod });
      }
    }
  }
  return out;
}

/** One `invoke` of a state node, as written in the config. */
export interface InvokeConfig {
  /** the state's path, e.g. `ready.receiveHarborEmailCommunications.saving` */
  state: string;
  id?: string;
  src?: unknown;
  input?: unknown;
  onDone?: unknown;
  onError?: unknown;
}

/** Every invoke of a machine's config, in document order. */
export function invokesOf(machine: AnyStateMachine): InvokeConfig[] {
  const out: InvokeConfig[] = [];
  const walk = (n: Node) => {
    for (const inv of [(n.config as { invoke?: unknown }).invoke ?? []].flat() as Array<Omit<InvokeConfig, 'state'>>) out.push({ state: label(n), ...inv });
    for (const c of children(n)) walk(c);
  };
  walk(machine.root);
  return out;
}

/**
 * A machine config as the Stately editor and statecharts.md see it (docs/machines.md): plain JSON, where the one
 * function a config may hold, an invoke's input mapper, is written as its name (`"input": "signInRequest"`).
 */
export function configJson(config: unknown): string {
  return JSON.stringify(config, (_key, value: unknown) => (typeof value === 'function' ? (value as { name: string }).name : value));
}

/**
 * The way back: parse that JSON and put each invoke's named input mapper back from the machine file's exports.
 * Throws when a name is not a function exported under that name.
 */
export function reviveConfig(json: string, exports: Record<string, unknown>): unknown {
  const config = JSON.parse(json) as unknown;
  const walk = (node: { invoke?: unknown; states?: Record<string, unknown> }) => {
    for (const inv of [node.invoke ?? []].flat() as Array<{ input?: unknown }>) {
      if (typeof inv.input !== 'string') continue;
      const fn = exports[inv.input];
      if (typeof fn !== 'function' || fn.name !== inv.input) throw new Error(`input ${inv.input}: not a function exported by the machine file`);
      inv.input = fn;
    }
    for (const child of Object.values(node.states ?? {})) walk(child as never);
  };
  walk(config as never);
  // a child machine's root `output` mapper (named and exported, like an input mapper)
  const root = config as { output?: unknown };
  if (typeof root.output === 'string') {
    const fn = exports[root.output];
    if (typeof fn !== 'function' || fn.name !== root.output) throw new Error(`output ${root.output}: not a function exported by the machine file`);
    root.output = fn;
  }
  return config;
}

const children = (n: Node): Node[] => Object.values(n.states as Record<string, Node>);
const all = (n: Node): Node[] => [n, ...children(n).flatMap(all)];
const mid = (n: Node) => n.path.length ? n.path.join('_').replace(/[^A-Za-z0-9_]/g, '_') : 'root';
const label = (n: Node) => n.path.join('.') || '(root)';

function eventLabel(t: Transition): string {
  const e = t.eventType;
  if (!e) return 'always';
  let m = /^xstate\.after\.([^.]+)\./.exec(e);
  if (m) return `after ${m[1]}`;
  m = /^xstate\.done\.actor\.(.+)$/.exec(e);
  if (m) return `done: ${m[1]}`;
  m = /^xstate\.error\.actor\.(.+)$/.exec(e);
  if (m) return `error: ${m[1]}`;
  m = /^xstate\.done\.state\.(.+)$/.exec(e);
  if (m) return `done state ${m[1]!.split('.').slice(1).join('.')}`;
  return e;
}

function nameOf(x: unknown): string {
  if (!x) return '';
  if (typeof x === 'string') return x;
  if (typeof x === 'function') return (x as { name?: string }).name || 'inline';
  if (typeof x === 'object' && 'type' in (x as object)) {
    const t = (x as { type: unknown }).type;
    return typeof t === 'string' ? t : nameOf(t);
  }
  return 'inline';
}

function transitionsOf(n: Node): Transition[] {
  const out: Transition[] = [];
  for (const list of n.transitions.values()) out.push(...(list as unknown as Transition[]));
  out.push(...(((n as unknown as { always?: Transition[] }).always ?? []) as Transition[]));
  return out;
}

function mermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const emit = (n: Node, indent: string) => {
    for (const c of children(n)) {
      lines.push(`${indent}state "${c.key}" as ${mid(c)}`);
      if (c.type === 'final') lines.push(`${indent}${mid(c)} --> [*]`);
      if (children(c).length) {
        lines.push(`${indent}state ${mid(c)} {`);
        if (c.type === 'parallel') {
          children(c).forEach((r, i) => {
            if (i) lines.push(`${indent}  --`);
            lines.push(`${indent}  state "${r.key}" as ${mid(r)}`);
          });
          for (const r of children(c)) {
            lines.push(`${indent}  state ${mid(r)} {`);
            const init = (r.config as { initial?: string }).initial;
            if (init) lines.push(`${indent}    [*] --> ${mid((r.states as Record<string, Node>)[init]!)}`);
            emit(r, indent + '    ');
            lines.push(`${indent}  }`);
          }
        } else {
          const init = (c.config as { initial?: string }).initial;
          if (init) lines.push(`${indent}  [*] --> ${mid((c.states as Record<string, Node>)[init]!)}`);
          emit(c, indent + '  ');
        }
        lines.push(`${indent}}`);
      }
    }
  };
  const rootInit = (machine.root.config as { initial?: string }).initial;
  if (rootInit) lines.push(`  [*] --> ${mid((machine.root.states as Record<string, Node>)[rootInit]!)}`);
  emit(machine.root, '  ');
  for (const n of all(machine.root)) {
    for (const t of transitionsOf(n)) {
      const guard = nameOf(t.guard);
      const text = `${eventLabel(t)}${guard ? ` [${guard}]` : ''}`.replace(/:/g, ' ');
      const targets = t.target?.length ? t.target : [n];
      for (const target of targets) {
        if (n === machine.root && !t.target?.length) continue; // root-level self transitions: see the table
        const from = n === machine.root ? '[*]' : mid(n);
        lines.push(`  ${from} --> ${mid(target)}: ${text}`);
      }
    }
  }
  return lines.join('\n');
}

const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export async function generateStatecharts(): Promise<string> {
  const machines = await loadMachines();
  const parts: string[] = [
    '# Statecharts',
    '',
    'Generated by `npm run statecharts` from `machines/*.machine.ts`; do not edit by hand (a test fails when this file is stale).',
    'Each machine file imports into the Stately editor as is: named actions, guards, actors and delays, and each invoke\'s',
    '`input` is a named mapper exported by the machine file (shown below as `input: <name>`; docs/machines.md).',
    '',
    '| Machine | File | Spec |',
    '|---|---|---|',
    ...machines.map(({ machine, file }) => {
      const meta = (machine.root.config as { meta?: { title?: string; spec?: string } }).meta ?? {};
      return `| [${meta.title ?? machine.id}](#${(meta.title ?? machine.id).toLowerCase().replace(/[^a-z0-9]+/g, '-')}) | \`${file}\` | ${esc(meta.spec ?? '')} |`;
    }),
    '',
  ];
  for (const { machine, file, name } of machines) {
    const cfg = machine.root.config as { description?: string; meta?: { title?: string; spec?: string } };
    parts.push(`## ${cfg.meta?.title ?? machine.id}`, '');
    parts.push(`\`${name}\` in \`${file}\`${cfg.meta?.spec ? ` (spec: ${cfg.meta.spec})` : ''}.`, '');
    if (cfg.description) parts.push(cfg.description, '');
    parts.push('```mermaid', mermaid(machine), '```', '');
    parts.push('### States', '', '| State | Tags | Description |', '|---|---|---|');
    for (const n of all(machine.root).slice(1)) {
      const tags = [...((n.config as { tags?: string[] | string }).tags ? [(n.config as { tags: string[] | string }).tags].flat() : [])];
      parts.push(`| \`${label(n)}\`${n.type === 'final' ? ' (final)' : n.type === 'parallel' ? ' (parallel)' : ''} | ${tags.join(', ')} | ${esc(n.description ?? '')} |`);
    }
    parts.push('', '### Events', '', '| Event | From | To | Guard | Actions |', '|---|---|---|---|---|');
    for (const n of all(machine.root)) {
      for (const t of transitionsOf(n)) {
        const to = t.target?.length ? t.target.map((x) => `\`${label(x)}\``).join(', ') : '(stays)';
        const actions = (t.actions ?? []).map(nameOf).filter(Boolean).join(', ');
        parts.push(`| ${esc(eventLabel(t))} | \`${label(n)}\` | ${to} | ${esc(nameOf(t.guard))} | ${esc(actions)} |`);
      }
    }
    const invokes = invokesOf(machine);
    if (invokes.length) {
      parts.push('', '### Actors invoked', '', '| State | Actor id | Logic | Input |', '|---|---|---|---|');
      for (const i of invokes) parts.push(`| \`${i.state}\` | ${i.id ?? ''} | ${nameOf(i.src)} | ${i.input === undefined ? '' : `\`input: ${nameOf(i.input)}\``} |`);
    }
    parts.push('');
  }
  return parts.join('\n');
}

/** Every machine file read by Stately's extractor and compared with its runtime machine: one report per mismatch. */
export async function extractorMismatches(dir = 'machines'): Promise<string[]> {
  const out: string[] = [];
  for (const { file, machine } of await loadMachines(dir)) {
    const report = formatComparison(file, compareWithExtractor(await readFile(file, 'utf8'), machine.config as Record<string, unknown>));
    if (report) out.push(report);
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = await generateStatecharts();
  if (process.argv.includes('--check')) {
    const current = await readFile('statecharts.md', 'utf8').catch(() => '');
    const mismatches = await extractorMismatches();
    for (const m of mismatches) console.error(m);
    if (current !== text) console.error('statecharts.md is stale: run `npm run statecharts`');
    if (current !== text || mismatches.length) process.exit(1);
    console.log('statecharts.md is up to date; Stately\'s extractor reads every machine file as it runs');
  } else {
    await writeFile('statecharts.md', text);
    console.log('wrote statecharts.md');
  }
}
