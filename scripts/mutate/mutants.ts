/**
 * A small mutator over machine configs (docs/testing.md). Each mutant is one change to a copy of a machine's
 * config; the mutant machine is re-created from it with the original implementations (`createMachine(config,
 * machine.implementations)`), so nothing is written to disk and no process is started per mutant.
 *
 * Operators:
 * - drop-transition  remove one transition (one branch of a guarded list, an `after`, an `always`, an invoke's
 *                    onDone/onError)
 * - flip-guard       replace a guard by its negation (`not(guard)`)
 * - retarget         send a transition to another state (the next sibling of its source, in config order)
 * - drop-target      an invoke's onDone/onError keeps its actions but no longer changes state
 * - drop-action      remove one action (of a transition, or a state's entry/exit)
 * - swap-params      give a parameterised action the params of another use of the same action (the wrong toast)
 */
import { createMachine, not, type AnyStateMachine } from 'xstate';

export interface Mutant {
  operator: 'drop-transition' | 'flip-guard' | 'retarget' | 'drop-target' | 'drop-action' | 'swap-params';
  where: string;
  apply: (config: Record<string, unknown>) => void;
}

type Obj = Record<string, unknown>;
type Key = string | number;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** deep copy of plain objects and arrays; functions (guards built with not(), input mappers) are shared */
export function cloneConfig<T>(x: T): T {
  if (Array.isArray(x)) return x.map(cloneConfig) as T;
  if (isObj(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, cloneConfig(v)])) as T;
  return x;
}

function at(root: unknown, keys: readonly Key[]): Obj {
  let x = root as Obj;
  for (const k of keys) x = (x as Record<Key, unknown>)[k] as Obj;
  return x;
}

const actionName = (a: unknown) => (typeof a === 'string' ? a : isObj(a) && typeof a.type === 'string' ? a.type : typeof a === 'function' ? a.name || 'fn' : '?');
const asList = (x: unknown): unknown[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** Every mutant of a machine config, in a deterministic order. */
export function mutantsOf(config: Obj): Mutant[] {
  const mutants: Mutant[] = [];
  // every parameterised action use, by action type (for swap-params)
  const paramUses = new Map<string, unknown[]>();
  const collectParams = (x: unknown) => {
    if (Array.isArray(x)) x.forEach(collectParams);
    else if (isObj(x)) {
      if (typeof x.type === 'string' && 'params' in x) {
        const list = paramUses.get(x.type) ?? [];
        if (!list.some((p) => JSON.stringify(p) === JSON.stringify(x.params))) list.push(x.params);
        paramUses.set(x.type, list);
      }
      Object.values(x).forEach(collectParams);
    }
  };
  collectParams(config);

  /** the actions held at container[key] (a single action or a list) */
  const actionMutants = (containerKeys: Key[], key: string, where: string, actions: unknown) => {
    const list = asList(actions);
    list.forEach((a, i) => {
      mutants.push({
        operator: 'drop-action',
        where: `${where}: ${actionName(a)}`,
        apply: (c) => {
          const container = at(c, containerKeys);
          if (Array.isArray(container[key])) (container[key] as unknown[]).splice(i, 1);
          else delete container[key];
        },
      });
      if (isObj(a) && 'params' in a) {
        const other = (paramUses.get(String(a.type)) ?? []).find((p) => JSON.stringify(p) !== JSON.stringify(a.params));
        if (other !== undefined)
          mutants.push({
            operator: 'swap-params',
            where: `${where}: ${actionName(a)} ${JSON.stringify(a.params)} → ${JSON.stringify(other)}`,
            apply: (c) => {
              const container = at(c, containerKeys);
              const target = Array.isArray(container[key]) ? (container[key] as Obj[])[i]! : (container[key] as Obj);
              target.params = cloneConfig(other);
            },
          });
      }
    });
  };

  /** transitions at container[key]: a target string, a transition object, or a list of them */
  const transitionMutants = (stateKeys: Key[], siblings: string[], containerKeys: Key[], key: string, where: string, invokeResult: boolean) => {
    const raw = at(config, containerKeys)[key];
    const list = asList(raw);
    const single = !Array.isArray(raw);
    list.forEach((t0, i) => {
      const tKeys: Key[] = single ? [...containerKeys] : [...containerKeys, key];
      const tKey: Key = single ? key : i;
      const label = `${where}${list.length > 1 ? `#${i}` : ''}`;
      const get = (c: unknown): Obj => {
        const holder = at(c, tKeys) as Record<Key, unknown>;
        if (typeof holder[tKey] === 'string') holder[tKey] = { target: holder[tKey] };
        return holder[tKey] as Obj;
      };
      const t: Obj = typeof t0 === 'string' ? { target: t0 } : isObj(t0) ? t0 : {};
      mutants.push({
        operator: 'drop-transition',
        where: label,
        apply: (c) => {
          const holder = at(c, containerKeys);
          if (single) delete holder[key];
          else (holder[key] as unknown[]).splice(i, 1);
        },
      });
      if (t.guard !== undefined)
        mutants.push({ operator: 'flip-guard', where: `${label} [${actionName(t.guard)}]`, apply: (c) => void (get(c).guard = not(get(c).guard as never)) });
      if (typeof t.target === 'string' || (Array.isArray(t.target) && t.target.length === 1)) {
        const original = String(asList(t.target)[0]);
        const bare = original.replace(/^\./, '').split('.').pop()!.replace(/^#.*\./, '');
        const idx = siblings.indexOf(bare);
        const next = siblings.filter((s) => s !== bare);
        const pick = idx >= 0 ? siblings[(idx + 1) % siblings.length] : next[0];
        if (pick !== undefined && pick !== bare && siblings.length > 1) {
          const to = stateKeys.length === 0 ? `.${pick}` : pick;
          mutants.push({ operator: 'retarget', where: `${label} → ${to} (was ${original})`, apply: (c) => void (get(c).target = to) });
        }
        if (invokeResult) mutants.push({ operator: 'drop-target', where: `${label} (was → ${original})`, apply: (c) => void delete get(c).target });
      }
      if (t.actions !== undefined) {
        const keys = [...tKeys, tKey];
        actionMutants(keys, 'actions', label, t.actions);
        // a transition given as a string has no actions; when given as an object, `get` is not needed
      }
    });
  };

  const walk = (stateKeys: Key[], siblings: string[], name: string) => {
    const state = at(config, stateKeys);
    const children = isObj(state.states) ? Object.keys(state.states) : [];
    const here = name || '(root)';
    for (const k of ['entry', 'exit'] as const) if (state[k] !== undefined) actionMutants(stateKeys, k, `${here} ${k}`, state[k]);
    // transitions of the root target its children
    const targets = stateKeys.length === 0 ? children : siblings;
    if (isObj(state.on)) for (const ev of Object.keys(state.on)) transitionMutants(stateKeys, targets, [...stateKeys, 'on'], ev, `${here} on ${ev}`, false);
    if (isObj(state.after)) for (const d of Object.keys(state.after)) transitionMutants(stateKeys, targets, [...stateKeys, 'after'], d, `${here} after ${d}`, false);
    if (state.always !== undefined) transitionMutants(stateKeys, targets, stateKeys, 'always', `${here} always`, false);
    if (state.onDone !== undefined) transitionMutants(stateKeys, targets, stateKeys, 'onDone', `${here} onDone`, false);
    const invokes = asList(state.invoke);
    invokes.forEach((inv, i) => {
      const invKeys: Key[] = Array.isArray(state.invoke) ? [...stateKeys, 'invoke', i] : [...stateKeys, 'invoke'];
      const id = isObj(inv) ? String(inv.id ?? inv.src) : '?';
      for (const r of ['onDone', 'onError'] as const) if (isObj(inv) && inv[r] !== undefined) transitionMutants(stateKeys, targets, invKeys, r, `${here} invoke ${id} ${r}`, true);
    });
    for (const child of children) walk([...stateKeys, 'states', child], children, name ? `${name}.${child}` : child);
  };
  walk([], [], '');
  return mutants;
}

/** The mutant machine: the original implementations over the mutated config. */
export function mutate(machine: AnyStateMachine, mutant: Mutant): AnyStateMachine {
  const config = cloneConfig(machine.config as Obj);
  mutant.apply(config);
  return createMachine(config as never, machine.implementations as never) as unknown as AnyStateMachine;
}
