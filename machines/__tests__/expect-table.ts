/**
 * Expectation tables (docs/testing.md): per state of a machine, the events it must accept, the state each leads
 * to and the guard that picks the branch, written by hand from the spec in machines/__tests__/<flow>.expect.ts.
 * `compareTable` checks a table against a machine definition both ways: every row exists in the machine (same
 * guards, same targets, same order) and every transition of the machine is a row. A deleted, retargeted or
 * re-guarded transition therefore fails a test even when the model-based paths (which follow the machine) still
 * pass.
 *
 * Notation:
 * - state keys are paths from the root, dotted ('results.browsing.showingResults'); '(root)' is the machine itself
 * - event keys are event types; delayed transitions are 'after <delay name>', eventless ones 'always', an invoke's
 *   'xstate.done.actor.<id>' / 'xstate.error.actor.<id>' and a compound state's 'xstate.done.state.<path>'
 * - a row is a target path, `null` for a targetless transition (stays, runs actions), or `{ guard, to }`;
 *   an array lists the branches in the order they are tried; a negated guard is written '!name'
 */
import type { AnyStateMachine } from 'xstate';

export type Row = string | null | { guard?: string; to?: string | null };
export type ExpectTable = Record<string, Record<string, Row | Row[]>>;

/** What the user sees in a state: its tags (exactly) and the spec message its meta names (as literal text). */
export interface Sees {
  tags?: string[];
  /** the literal text of the message named by the state's `meta.message` (resolved through the catalogue) */
  message?: string;
}
export type SeesTable = Record<string, Sees>;

interface NormRow {
  guard: string | null;
  to: string | null;
}

type AnyNode = AnyStateMachine['root'];
type AnyDef = { eventType: string; guard?: unknown; target?: readonly AnyNode[] | undefined };

export const pathOf = (node: { path: readonly string[] }) => (node.path.length ? node.path.join('.') : '(root)');

/** a guard as written in a table: its name, '!name' for not(), 'a && b' / 'a || b' for and()/or() */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { check?: { name?: string }; guards?: unknown[]; name?: string };
    if (g.guards && g.check) {
      const parts = g.guards.map((x) => guardName(x) ?? '?');
      if (g.name === 'not') return `!${parts[0]}`;
      return parts.join(g.name === 'and' ? ' && ' : ' || ');
    }
    return g.name ? `fn:${g.name}` : 'fn';
  }
  if (typeof guard === 'object' && 'type' in (guard as object)) return String((guard as { type: unknown }).type);
  return String(guard);
}

function eventKey(node: AnyNode, eventType: string): string {
  if (eventType === '') return 'always';
  const after = `xstate.after.`;
  if (eventType.startsWith(after) && eventType.endsWith(`.${node.id}`)) return `after ${eventType.slice(after.length, -node.id.length - 1)}`;
  const doneState = 'xstate.done.state.';
  if (eventType.startsWith(doneState)) {
    const id = eventType.slice(doneState.length);
    return `${doneState}${id.startsWith(`${node.machine.id}.`) ? id.slice(node.machine.id.length + 1) : id}`;
  }
  return eventType;
}

function allNodes(node: AnyNode): AnyNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyNode>).flatMap(allNodes)];
}

/** The machine's own transitions in table form (to compare, and to print a diff; never to write a table from). */
export function machineTable(machine: AnyStateMachine): Record<string, Record<string, NormRow[]>> {
  const out: Record<string, Record<string, NormRow[]>> = {};
  for (const node of allNodes(machine.root)) {
    const rows: Record<string, NormRow[]> = {};
    const add = (defs: readonly AnyDef[]) => {
      for (const t of defs) {
        const key = eventKey(node, t.eventType);
        (rows[key] ??= []).push({ guard: guardName(t.guard), to: t.target && t.target.length ? t.target.map(pathOf).join(',') : null });
      }
    };
    for (const list of node.transitions.values()) add(list as unknown as AnyDef[]);
    add(((node as unknown as { always?: AnyDef[] }).always ?? []) as AnyDef[]);
    if (Object.keys(rows).length) out[pathOf(node)] = rows;
  }
  return out;
}

function normalise(row: Row): NormRow {
  if (row === null) return { guard: null, to: null };
  if (typeof row === 'string') return { guard: null, to: row };
  return { guard: row.guard ?? null, to: row.to ?? null };
}

const show = (rows: NormRow[]) => rows.map((r) => `${r.guard ? `[${r.guard}] ` : ''}→ ${r.to ?? '(stays)'}`).join(' | ');

/** Differences between the expectation table and the machine, both ways; empty when they agree. */
export function compareTable(table: ExpectTable, machine: AnyStateMachine): string[] {
  const actual = machineTable(machine);
  const errors: string[] = [];
  const statePaths = new Set(allNodes(machine.root).map(pathOf));
  for (const [state, events] of Object.entries(table)) {
    if (!statePaths.has(state)) {
      errors.push(`table state '${state}' is not a state of ${machine.id}`);
      continue;
    }
    for (const [event, rowOrRows] of Object.entries(events)) {
      const want = (Array.isArray(rowOrRows) ? rowOrRows : [rowOrRows]).map(normalise);
      const got = actual[state]?.[event] ?? [];
      if (show(want) !== show(got)) errors.push(`${state} on ${event}: table ${show(want)}; machine ${got.length ? show(got) : '(no transition)'}`);
    }
  }
  for (const [state, events] of Object.entries(actual))
    for (const [event, rows] of Object.entries(events))
      if (!table[state] || !(event in table[state])) errors.push(`${state} on ${event}: machine ${show(rows)}; not in the table`);
  return errors;
}
