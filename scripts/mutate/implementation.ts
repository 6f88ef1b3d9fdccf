/**
 * Implementation mutants (docs/testing.md): changes to what the config names rather than to the config itself,
 * the code an expectation table cannot copy.
 *
 * - negate-guard      a named guard's implementation replaced by its negation (`not(guard)`)
 * - noop-assign       a named `assign` action replaced by one that assigns nothing
 * - change-delay      a named delay changed (a number: doubled plus 1 ms; a function: its result plus 1000 ms)
 * - drop-input-field  one field dropped from what an invoke's named input mapper returns (the request sent)
 * - change-text       one character changed in a catalogue text the flow reads while it runs
 *
 * Which input fields and which catalogue texts exist is found by running the unmutated flow once with
 * recorders (`probeUsage`): the keys each mapper returned, and the catalogue entries read.
 */
import { assign, createMachine, not, type AnyStateMachine } from 'xstate';
import { AccountMessages, PartialSuccessMessages } from '../../contracts/account-messages.ts';
import { CardMessages } from '../../contracts/card-messages.ts';
import { GiftMessages } from '../../contracts/gift-messages.ts';
import { PromoMessages } from '../../contracts/rewards-promo.ts';
import { PartnerMessages } from '../../contracts/rewards-partner.ts';
import { RewardsMessages } from '../../contracts/rewards-messages.ts';
import { cardCodeMessage } from '../../contracts/cards.ts';
import { OrderingMessages } from '../../contracts/ordering-messages.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import { PrivacyMessages, UnsubscribeMessages } from '../../contracts/privacy-messages.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { locatorMessages } from '../../src/services/locator-messages.ts';
import { HistoryMessages } from '../../contracts/history-messages.ts';
import { cloneConfig } from './mutants.ts';

export type ImplementationOperator = 'negate-guard' | 'noop-assign' | 'change-delay' | 'drop-input-field' | 'change-text';

export interface ImplementationMutant {
  operator: ImplementationOperator;
  where: string;
  /** the mutant machine */
  build: (machine: AnyStateMachine) => AnyStateMachine;
  /** runs the check with the change in place (catalogue texts are changed in their module object, then restored) */
  around?: <T>(fn: () => T) => T;
}

/** The catalogue objects (one per module and export): texts by key. */
export const CATALOGUES: Record<string, Record<string, unknown>> = {
  AccountMessages,
  PartialSuccessMessages,
  accountMessages,
  CardMessages,
  cardCodeMessage,
  OrderingMessages,
  OrderingTexts,
  PrivacyMessages,
  UnsubscribeMessages,
  locatorMessages: locatorMessages as unknown as Record<string, unknown>,
  GiftMessages,
  PromoMessages,
  PartnerMessages,
  RewardsMessages,
  HistoryMessages,
};

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Every invoke of a config with a function `input`, by path of keys. */
function invokeInputs(config: Obj): Array<{ keys: Array<string | number>; where: string; fn: (...a: unknown[]) => unknown }> {
  const out: Array<{ keys: Array<string | number>; where: string; fn: (...a: unknown[]) => unknown }> = [];
  const walk = (node: Obj, keys: Array<string | number>, name: string) => {
    const inv = node.invoke;
    const list = Array.isArray(inv) ? inv : inv === undefined ? [] : [inv];
    list.forEach((x, i) => {
      if (isObj(x) && typeof x.input === 'function') {
        out.push({ keys: Array.isArray(inv) ? [...keys, 'invoke', i, 'input'] : [...keys, 'invoke', 'input'], where: `${name || '(root)'} invoke ${String(x.id ?? x.src)} input ${x.input.name}`, fn: x.input as never });
      }
    });
    if (isObj(node.states)) for (const [k, v] of Object.entries(node.states)) walk(v as Obj, [...keys, 'states', k], name ? `${name}.${k}` : k);
  };
  walk(config, [], '');
  return out;
}

function setAt(root: Obj, keys: Array<string | number>, value: unknown) {
  let x = root as Record<string | number, unknown>;
  for (const k of keys.slice(0, -1)) x = x[k] as Record<string | number, unknown>;
  x[keys.at(-1)!] = value;
}

export interface Usage {
  /** per invoke input (its `where`), the keys of every object the mapper returned */
  inputKeys: Map<string, Set<string>>;
  /** catalogue entries read while the flow ran: `Catalogue.key` */
  texts: Set<string>;
}

/**
 * Runs `run(machine')` once on the machine with every invoke input mapper wrapped to record the keys it returns,
 * and every catalogue entry turned into a getter that records its reads; restores the catalogues afterwards.
 */
export function probeUsage(machine: AnyStateMachine, run: (m: AnyStateMachine) => void): Usage {
  const usage: Usage = { inputKeys: new Map(), texts: new Set() };
  const config = cloneConfig(machine.config as Obj);
  for (const { keys, where, fn } of invokeInputs(config)) {
    const seen = new Set<string>();
    usage.inputKeys.set(where, seen);
    setAt(config, keys, function (this: unknown, ...args: unknown[]) {
      const out = fn.apply(this, args);
      if (isObj(out)) for (const k of Object.keys(out)) seen.add(k);
      return out;
    });
  }
  const restore: Array<() => void> = [];
  for (const [name, cat] of Object.entries(CATALOGUES)) {
    for (const key of Object.keys(cat)) {
      const d = Object.getOwnPropertyDescriptor(cat, key);
      if (!d || !d.configurable || !('value' in d)) continue;
      const value = d.value as unknown;
      if (!(typeof value === 'string' || typeof value === 'function' || (Array.isArray(value) && value.every((v) => typeof v === 'string')))) continue;
      Object.defineProperty(cat, key, { configurable: true, enumerable: d.enumerable ?? true, get: () => (usage.texts.add(`${name}.${key}`), value) });
      restore.push(() => Object.defineProperty(cat, key, d));
    }
  }
  try {
    run(createMachine(config as never, machine.implementations as never) as unknown as AnyStateMachine);
  } finally {
    for (const r of restore) r();
  }
  return usage;
}

/** one character changed: the last one (an `x` becomes a `y`, anything else an `x`) */
export const changeChar = (s: string) => (s.length ? s.slice(0, -1) + (s.endsWith('x') ? 'y' : 'x') : 'x');

function changedText(value: unknown): unknown {
  if (typeof value === 'string') return changeChar(value);
  if (Array.isArray(value)) return [changeChar(String(value[0] ?? '')), ...value.slice(1)];
  if (typeof value === 'function') {
    const fn = value as (...a: unknown[]) => unknown;
    return (...a: unknown[]) => {
      const out = fn(...a);
      return typeof out === 'string' ? changeChar(out) : out;
    };
  }
  return value;
}

/** Every implementation mutant of a machine, in a deterministic order. */
export function implementationMutantsOf(machine: AnyStateMachine, usage: Usage): ImplementationMutant[] {
  const impl = machine.implementations as { guards?: Obj; actions?: Obj; delays?: Obj };
  const out: ImplementationMutant[] = [];
  for (const [name, guard] of Object.entries(impl.guards ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    out.push({ operator: 'negate-guard', where: name, build: (m) => m.provide({ guards: { [name]: not(guard as never) } } as never) as AnyStateMachine });
  }
  for (const [name, action] of Object.entries(impl.actions ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if ((action as { type?: unknown } | undefined)?.type !== 'xstate.assign') continue;
    out.push({ operator: 'noop-assign', where: name, build: (m) => m.provide({ actions: { [name]: assign({}) } } as never) as AnyStateMachine });
  }
  for (const [name, delay] of Object.entries(impl.delays ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const changed = typeof delay === 'number' ? delay * 2 + 1 : (...a: unknown[]) => Number((delay as (...x: unknown[]) => unknown)(...a)) + 1000;
    out.push({ operator: 'change-delay', where: `${name}${typeof delay === 'number' ? ` ${delay} → ${delay * 2 + 1} ms` : ' +1000 ms'}`, build: (m) => m.provide({ delays: { [name]: changed } } as never) as AnyStateMachine });
  }
  for (const { keys, where, fn } of invokeInputs(machine.config as Obj)) {
    for (const field of [...(usage.inputKeys.get(where) ?? [])].sort()) {
      out.push({
        operator: 'drop-input-field',
        where: `${where}: ${field}`,
        build: (m) => {
          const config = cloneConfig(m.config as Obj);
          setAt(config, keys, function (this: unknown, ...args: unknown[]) {
            const r = fn.apply(this, args);
            if (!isObj(r) || !(field in r)) return r;
            const { [field]: _dropped, ...rest } = r;
            return rest;
          });
          return createMachine(config as never, m.implementations as never) as unknown as AnyStateMachine;
        },
      });
    }
  }
  for (const text of [...usage.texts].sort()) {
    const [cat, key] = text.split('.') as [string, string];
    const catalogue = CATALOGUES[cat]!;
    out.push({
      operator: 'change-text',
      where: text,
      build: (m) => m,
      around: (fn) => {
        const d = Object.getOwnPropertyDescriptor(catalogue, key)!;
        Object.defineProperty(catalogue, key, { ...d, value: changedText(d.value) });
        try {
          return fn();
        } finally {
          Object.defineProperty(catalogue, key, d);
        }
      },
    });
  }
  return out;
}
