/**
 * One flow's machine tests as data (docs/testing.md), so that the vitest suite (`describeFlow`, in
 * <flow>.paths.test.ts) and the mutation runner (`checkFlow`, scripts/mutate.ts) run the very same checks:
 *
 * 1. the expectation table (written from the spec) against the machine definition, both ways;
 * 2. the model-based paths (xstate/graph) replayed on a live actor; at every step what the user sees is checked
 *    against the `sees` table (tags exactly, the meta message as literal spec text) and the flow's own per-step
 *    and per-path assertions (requests the fakes received, toasts, navigation, context);
 * 3. full state and transition coverage of the definition;
 * 4. the flow's final assertions over everything the fakes recorded.
 *
 * `arrange(machine)` gets the machine under test (the real one, or a mutant re-created from a mutated config)
 * and returns it provided with fresh fakes, so that every run starts from clean recorders.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { compareTable, pathOf, type ExpectTable, type SeesTable } from './expect-table.ts';
import { coverage, describePath, ModelLimitExceeded, runPath, transitionCoverPaths, type Coverage, type ModelOptions, type ModelPath } from './model.ts';

export interface Arranged<M extends AnyStateMachine> {
  /** the machine under test with fakes provided */
  machine: M;
  /** one model per input (most flows have one) */
  runs: Array<{ name: string; options: ModelOptions<M> }>;
  /** the recorder of the effect actions, checked against `flow.effects` after every step */
  spy?: { step: () => Array<{ name: string; params: unknown }>; clear: () => void };
  /** clear per-path recorders (toasts, navigations) before each path */
  beforePath?: () => void;
  /** after each step of a path: what is shown or sent in that state */
  onStep?: (snapshot: SnapshotFrom<M>, event: AnyEventObject, run: string) => void;
  /** at the end of each path */
  onPath?: (path: ModelPath<M>, final: SnapshotFrom<M>, run: string) => void;
  /** after all paths: every request sent */
  afterAll?: () => void;
  /**
   * keep only some of the generated paths (deterministically), for machines whose model has thousands:
   * the result must still cover every transition (checked)
   */
  sample?: (paths: ModelPath<M>[], run: string) => ModelPath<M>[];
}

export interface Flow<M extends AnyStateMachine = AnyStateMachine> {
  /** the machine as exported by machines/<flow>.machine.ts */
  machine: M;
  /** written from the spec: events per state, their targets and guards */
  table: ExpectTable;
  /** written from the spec: per state, its tags and the literal text of its meta message */
  sees: SeesTable;
  /**
   * written from the spec: what is sent on a step (toasts, navigation, analytics, persistence), as the effect
   * actions recorded by `arranged.spy`: keys '<event type> -> <state path>' (that transition) and '* -> <state path>'
   * (entering that state); values 'name' or 'name:<the params' string values, joined by />'. A step matching no key
   * must do nothing observable.
   */
  effects?: Record<string, string[]>;
  /**
   * written from the spec: named delays in ms. A path step `xstate.after.<name>...` then lets that time pass on a
   * simulated clock (the transition must not fire 1 ms early and must fire on time) instead of sending the event.
   */
  delays?: Record<string, number>;
  /**
   * as `delays`, for the journeys only: where two timers of the same length run in parallel regions (the locator's
   * debounces) the generated paths cannot let time pass, but a journey that runs one timer at a time can. `'own'`
   * takes the machine's own named delay, for a length the spec does not fix: the journey then checks when a timer
   * starts and restarts (with `{ type: 'clock.advance', ms }` pauses), not its length.
   */
  journeyDelays?: Record<string, number | 'own'>;
  /**
   * written from the spec's scenarios: event sequences (user actions and the answers of requests) and the state
   * each ends in (leaf state paths, comma-separated for parallel states). Each is replayed with every per-step
   * check; unlike the generated paths, a journey does not skip an event the machine no longer accepts, so a
   * dropped or retargeted transition of the spec fails here without the expectation table.
   */
  journeys?: ReadonlyArray<Journey>;
  /** message id (a state's `meta.message`) → text, from the error catalogue */
  catalogue?: Record<string, string | readonly string[]>;
  arrange: (machine: M) => Arranged<M>;
}

export interface Journey {
  name: string;
  /** the run (input) of `arrange` to start from; the first when absent */
  run?: string;
  events: ReadonlyArray<AnyEventObject>;
  /** the leaf state path(s) it ends in, e.g. 'redirecting' or 'results.browsing.showingResults, dialog.closed' */
  ends: string;
}

type AnyNode = AnyStateMachine['root'];
const nodesOf = (s: unknown) => (s as { _nodes: AnyNode[] })._nodes;

/** What the user sees in this snapshot, compared with the `sees` table; empty when it agrees. */
export function checkSees(flow: Flow, snapshot: { tags: Set<string> }): string[] {
  const errors: string[] = [];
  const nodes = nodesOf(snapshot);
  const wantTags = new Set(nodes.flatMap((n) => flow.sees[pathOf(n)]?.tags ?? []));
  const gotTags = new Set(snapshot.tags);
  const where = nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map(pathOf).join(', ');
  if ([...wantTags].sort().join() !== [...gotTags].sort().join()) errors.push(`in ${where}: tags [${[...gotTags].sort()}], expected [${[...wantTags].sort()}]`);
  for (const n of nodes) {
    const id = (n.meta as { message?: string } | undefined)?.message;
    const want = flow.sees[pathOf(n)]?.message;
    if (id === undefined && want === undefined) continue;
    if (id === undefined) errors.push(`${pathOf(n)} shows no message (meta.message), expected '${want}'`);
    else if (want === undefined) errors.push(`${pathOf(n)} shows message '${id}' that the sees table does not expect`);
    else {
      const text = flow.catalogue?.[id];
      if (JSON.stringify(text) !== JSON.stringify(want)) errors.push(`${pathOf(n)} shows ${JSON.stringify(text)} (${id}), expected ${JSON.stringify(want)}`);
    }
  }
  return errors;
}

function stateIdsOf(nodes: AnyNode[]) {
  return nodes.map((n) => n.id);
}

export interface FlowRun<M extends AnyStateMachine> {
  arranged: Arranged<M>;
  paths: Array<{ run: string; path: ModelPath<M> }>;
}

/** Generates the paths of every run (deterministic; `sample` applied). */
export function planFlow<M extends AnyStateMachine>(flow: Flow<M>, machine: M = flow.machine): FlowRun<M> {
  const arranged = flow.arrange(machine);
  const paths: FlowRun<M>['paths'] = [];
  for (const run of arranged.runs) {
    const all = transitionCoverPaths(arranged.machine, run.options);
    for (const path of arranged.sample ? arranged.sample(all, run.name) : all) paths.push({ run: run.name, path });
  }
  return { arranged, paths };
}

/** Replays one path with every per-step and per-path check; returns the fired transitions and visited state ids. */
export function replay<M extends AnyStateMachine>(flow: Flow<M>, plan: FlowRun<M>, item: FlowRun<M>['paths'][number], delays = flow.delays) {
  const { arranged } = plan;
  const run = arranged.runs.find((r) => r.name === item.run)!;
  const visited = new Set<string>();
  const effectsSeen = new Set<string>();
  arranged.beforePath?.();
  arranged.spy?.clear();
  let before: string[] = [];
  try {
    const r = runPath(arranged.machine, item.path, {
      ...(run.options.input !== undefined ? { input: run.options.input } : {}),
      ...(delays ? { delays } : {}),
      onStep: (s, event) => {
        for (const id of stateIdsOf(nodesOf(s))) visited.add(id);
        const seen = checkSees(flow as unknown as Flow, s as never);
        if (seen.length) throw new Error(seen.join('\n'));
        const leaves = nodesOf(s).filter((n) => n.type === 'atomic' || n.type === 'final').map(pathOf);
        if (arranged.spy && flow.effects) {
          const got = arranged.spy.step().map(effectName).sort();
          const keys = leaves.flatMap((leaf) => [`${event.type} -> ${leaf}`, ...(before.includes(leaf) ? [] : [`* -> ${leaf}`])]).filter((k) => k in flow.effects!);
          for (const k of keys) effectsSeen.add(k);
          const want = keys.flatMap((k) => flow.effects![k]!).sort();
          if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`effects of ${event.type} -> ${leaves.join(',')}: [${got.join(', ')}], expected [${want.join(', ')}]`);
        }
        before = leaves;
        arranged.onStep?.(s, event, item.run);
      },
    });
    arranged.onPath?.(item.path, r.snapshot, item.run);
    return { fired: r.fired, visited, effectsSeen };
  } catch (e) {
    throw new Error(`${item.run ? `${item.run}: ` : ''}${describePath(item.path)}: ${(e as Error).message}`, { cause: e });
  }
}

export function flowCoverage<M extends AnyStateMachine>(machine: M, fired: Set<string>, visited: Set<string>): Coverage {
  const c = coverage(machine, [], fired);
  // transient states (only eventless transitions) are never a settled snapshot: visited when one of them fired
  const sources = new Set([...fired].map((k) => k.split(' --')[0]));
  c.states.missing = c.states.missing.filter((id) => !visited.has(id) && !sources.has(id));
  c.states.covered = c.states.total - c.states.missing.length;
  return c;
}

/** Every check of the flow against `machine`; throws at the first failure (the mutation runner's oracle). */
export function checkFlow<M extends AnyStateMachine>(flow: Flow<M>, machine: M = flow.machine, opts: { table?: boolean } = {}) {
  if (opts.table !== false) {
    const diff = compareTable(flow.table, machine);
    if (diff.length) throw new Error(`expectation table:\n${diff.join('\n')}`);
  }
  // the journeys first: a few short runs that kill most mutants before any model is generated
  for (const j of flow.journeys ?? []) checkJourney(flow, machine, j);
  // then one run (input) at a time: its paths are generated and replayed before the next run's model is built, so
  // a mutant the first run's paths kill costs one model, not all of them (the same paths and checks as planFlow's)
  const arranged = flow.arrange(machine);
  const plan: FlowRun<M> = { arranged, paths: [] };
  const fired = new Set<string>();
  const visited = new Set<string>();
  const effectsSeen = new Set<string>();
  for (const run of arranged.runs) {
    const all = transitionCoverPaths(arranged.machine, run.options);
    const paths = (arranged.sample ? arranged.sample(all, run.name) : all).map((path) => ({ run: run.name, path }));
    plan.paths.push(...paths);
    for (const item of paths) {
      const r = replay(flow, plan, item);
      for (const k of r.fired) fired.add(k);
      for (const id of r.visited) visited.add(id);
      for (const k of r.effectsSeen) effectsSeen.add(k);
    }
  }
  const c = flowCoverage(plan.arranged.machine, fired, visited);
  if (c.states.missing.length || c.transitions.missing.length) throw new Error(`coverage: missing ${[...c.states.missing, ...c.transitions.missing].join(', ')}`);
  const unseen = unseenEffects(flow, plan, effectsSeen);
  if (unseen.length) throw new Error(`effects the spec expects that no path showed: ${unseen.join(', ')}`);
  plan.arranged.afterAll?.();
  return { paths: plan.paths.length, coverage: c };
}

/**
 * The vitest suite of a flow: the table both ways, one `it` per path (in chunks of `chunk` per run when there are
 * more than `group` paths), coverage, and the final assertions.
 */
export function describeFlow<M extends AnyStateMachine>(flow: Flow<M>, opts: { group?: number; chunk?: number } = {}) {
  describe(`${flow.machine.id} machine (model-based)`, () => {
    it('matches its expectation table, both ways', () => {
      expect(compareTable(flow.table, flow.machine)).toEqual([]);
    });
    const plan = planFlow(flow);
    const fired = new Set<string>();
    const visited = new Set<string>();
    const effectsSeen = new Set<string>();
    const record = (r: { fired: Set<string>; visited: Set<string>; effectsSeen: Set<string> }) => {
      for (const k of r.fired) fired.add(k);
      for (const id of r.visited) visited.add(id);
      for (const k of r.effectsSeen) effectsSeen.add(k);
    };
    if (plan.paths.length <= (opts.group ?? 200)) {
      for (const item of plan.paths) it(`${item.run ? `${item.run}: ` : ''}${describePath(item.path)}`, () => record(replay(flow, plan, item)));
    } else {
      // in chunks of `chunk` paths: each `it` stays well inside the test timeout on a busy machine
      const chunk = opts.chunk ?? 400;
      for (const run of plan.arranged.runs) {
        const items = plan.paths.filter((p) => p.run === run.name);
        for (let i = 0; i < items.length; i += chunk) {
          const part = items.slice(i, i + chunk);
          it(`${run.name}: paths ${i + 1}-${i + part.length} of ${items.length} reach their states, showing and sending what the spec says`, () => {
            for (const item of part) record(replay(flow, plan, item));
          });
        }
      }
    }
    for (const j of flow.journeys ?? []) it(`journey: ${j.name}`, () => void checkJourney(flow, flow.machine, j));
    it(`covers every state and transition (${plan.paths.length} paths), and sends what the spec says`, () => {
      const c = flowCoverage(plan.arranged.machine, fired, visited);
      console.log(`[model coverage] ${flow.machine.id} (${plan.paths.length} paths): states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}`);
      expect(c.states.missing).toEqual([]);
      expect(c.transitions.missing).toEqual([]);
      expect(unseenEffects(flow, plan, effectsSeen), 'effects the spec expects that no path showed').toEqual([]);
      plan.arranged.afterAll?.();
    });
  });
}

/**
 * The `effects` keys (what the spec says a step sends) that no path showed: a toast, navigation or request the
 * machine never makes any more (a dropped or retargeted transition) although every path still agrees with the
 * machine. Only with a spy, and only for unsampled flows (a sample may skip a step).
 */
export function unseenEffects<M extends AnyStateMachine>(flow: Flow<M>, plan: FlowRun<M>, seen: Set<string>): string[] {
  if (!flow.effects || !plan.arranged.spy || plan.arranged.sample) return [];
  return Object.keys(flow.effects).filter((k) => !seen.has(k));
}

/** 'name' or 'name:<string params joined by />' */
export function effectName(e: { name: string; params: unknown }): string {
  if (e.params && typeof e.params === 'object') {
    const strings = Object.values(e.params).filter((v) => typeof v === 'string');
    if (strings.length) return `${e.name}:${strings.join('/')}`;
  }
  return e.name;
}

/** A recorder for the machine's side-effect actions (toasts, navigation, analytics): `provide({ actions: spy.actions })`. */
export function spyActions<N extends string>(names: readonly N[]) {
  const log: Array<{ name: N; params: unknown; context: unknown }> = [];
  let seen = 0;
  const actions = Object.fromEntries(names.map((name) => [name, ({ context }: { context: unknown }, params: unknown) => void log.push({ name, params, context })]));
  return {
    actions: actions as Record<N, never>,
    log,
    clear: () => void ((seen = 0), log.splice(0)),
    /** the effects since the previous call (call once per step: what that step did) */
    step: () => {
      const out = log.slice(seen);
      seen = log.length;
      return out;
    },
    count: (name: N) => log.filter((l) => l.name === name).length,
    last: (name: N) => log.findLast((l) => l.name === name),
    names: () => log.map((l) => l.name),
  };
}

/**
 * A deterministic sample of transition-cover paths for large models: every path whose last step (source state
 * value, event, target state value) has not been taken by an earlier kept path, plus every `stride`-th of the
 * others (in generation order). Coverage of the machine is still checked on what is kept.
 */
export function sampleSteps<P extends { steps: Array<{ event: AnyEventObject; state: { value: unknown } }> }>(paths: P[], stride: number): P[] {
  const seen = new Set<string>();
  let skipped = 0;
  return paths.filter((p) => {
    const n = p.steps.length;
    const from = n > 1 ? JSON.stringify(p.steps[n - 2]!.state.value) : '';
    const key = `${from} ${JSON.stringify(p.steps[n - 1]!.event)} ${JSON.stringify(p.steps[n - 1]!.state.value)}`;
    if (!seen.has(key)) {
      seen.add(key);
      return true;
    }
    return skipped++ % stride === 0;
  });
}

/**
 * Runs one hand-written event sequence through every per-step and per-path check of the flow (as `replay` does for
 * a model path), on `machine` (a mutant, say); throws at the first failure. For demonstrations and focused tests
 * of a large flow without generating its model.
 */
export function checkEvents<M extends AnyStateMachine>(flow: Flow<M>, machine: M, run: string, events: AnyEventObject[], last?: (snapshot: unknown) => void, delays = flow.delays) {
  const recorder = flow.arrange(machine);
  const options = recorder.runs.find((r) => r.name === run)!.options;
  // an eventless transition back to its own state loops inside XState: stop it after 10,000 microsteps of one event
  let microsteps = 0;
  const inspect = (ev: { type: string }) => {
    if (ev.type === '@xstate.microstep' && ++microsteps > 10_000) throw new ModelLimitExceeded('more than 10,000 microsteps for one event');
  };
  const actor = createActor(recorder.machine as AnyStateMachine, { ...(options.input !== undefined ? { input: options.input } : {}), inspect } as never).start();
  const steps = [{ event: { type: 'xstate.init' } as AnyEventObject, state: actor.getSnapshot() as SnapshotFrom<M> }];
  try {
    for (const event of events) {
      microsteps = 0;
      actor.send(event as never);
      if (microsteps > 10_000) throw new ModelLimitExceeded(`${event.type}: more than 10,000 microsteps`);
      steps.push({ event, state: actor.getSnapshot() as SnapshotFrom<M> });
    }
  } finally {
    actor.stop();
  }
  last?.(steps.at(-1)!.state);
  const plan: FlowRun<M> = { arranged: flow.arrange(machine), paths: [] };
  return replay(flow, plan, { run, path: { state: steps.at(-1)!.state, steps, weight: steps.length - 1 } as unknown as ModelPath<M> }, delays);
}

/** Replays a journey with every per-step check of the flow and checks the state it ends in; throws otherwise. */
export function checkJourney<M extends AnyStateMachine>(flow: Flow<M>, machine: M, j: Journey) {
  const run = j.run ?? flow.arrange(machine).runs[0]!.name;
  const leaves = (s: unknown) =>
    nodesOf(s)
      .filter((n) => n.type === 'atomic' || n.type === 'final')
      .map(pathOf)
      .sort()
      .join(', ');
  let end = '';
  try {
    const own = (name: string) => {
      const d = (machine.implementations.delays as Record<string, unknown>)[name];
      if (typeof d !== 'number') throw new Error(`journeyDelays: ${name} is not a fixed delay of the machine`);
      return d;
    };
    const delays = flow.journeyDelays ? Object.fromEntries(Object.entries(flow.journeyDelays).map(([k, v]) => [k, v === 'own' ? own(k) : v])) : flow.delays;
    checkEvents(flow, machine, run, [...j.events], (s) => void (end = leaves(s)), delays);
  } catch (e) {
    throw new Error(`journey '${j.name}': ${(e as Error).message}`, { cause: e });
  }
  const want = j.ends.split(',').map((x) => x.trim()).sort().join(', ');
  if (end !== want) throw new Error(`journey '${j.name}' ends in ${end}, expected ${want}`);
}
