/**
 * Model-based test harness over xstate/graph (docs/architecture.md#tests-three-layers-on-the-same-paths).
 *
 * - `transitionCoverPaths(machine, options)` builds a TestModel whose events are filtered with
 *   `snapshot.can(event)`, takes the shortest path to every reachable (abstracted) state, and extends
 *   it by every enabled event from that state: together these take every reachable transition.
 * - `runPath(machine, path)` replays one path on a real actor (actors provided by the test, usually
 *   deferred fakes) and checks that each step lands in the state the model predicted; it records which
 *   transitions of the definition fired (from the inspection API), including eventless and delayed ones.
 * - `coverage(machine, fired)` compares that with every state and transition of the definition.
 * - `requestFakes(builders)` stands in for invoked actors: each records the `input` it was started with (the
 *   request the invoke's named input mapper built, exactly what the real actor sends: docs/machines.md) and
 *   never settles.
 */
import { createActor, fromPromise, SimulatedClock, type AnyActorLogic, type AnyStateMachine, type AnyEventObject, type EventFromLogic, type SnapshotFrom, type InputFrom } from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';

type AnyStateNode = AnyStateMachine['root'];
type AnyTransition = { source: AnyStateNode; eventType: string; target?: readonly AnyStateNode[] | undefined };

/**
 * A journey step that sends nothing: `{ type: 'clock.advance', ms }` lets that much time pass on the simulated clock
 * (only with delays: `Flow.delays` or `Flow.journeyDelays`).
 */
export const CLOCK_ADVANCE = 'clock.advance';

export interface ModelOptions<M extends AnyStateMachine> {
  /** every event the model may send; filtered per state with snapshot.can(event) */
  events: ReadonlyArray<EventFromLogic<M> | AnyEventObject>;
  input?: InputFrom<M>;
  /** abstracts context so traversal ends (default: state value + JSON of context) */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  stopWhen?: (snapshot: SnapshotFrom<M>) => boolean;
}

export type ModelPath<M extends AnyStateMachine> = TestPath<SnapshotFrom<M>, EventFromLogic<M>>;

/**
 * Limits for the mutation runner (scripts/mutate.ts): a mutant that changes context can make the abstract state
 * space of a model endless (a counter that no guard stops any more). `exploring` counts the states the models
 * explore (one call of the events function per state) and the path steps replayed; past `maxStates` explored
 * states or after `deadline` (performance.now()), the next one throws a `ModelLimitExceeded`. Unset in the
 * ordinary test runs.
 */
export const modelLimits: { maxStates: number; deadline: number; explored: number } = { maxStates: Infinity, deadline: Infinity, explored: 0 };

export class ModelLimitExceeded extends Error {}

function checkLimits() {
  if (modelLimits.explored > modelLimits.maxStates) throw new ModelLimitExceeded(`model explored more than ${modelLimits.maxStates} states`);
  if (modelLimits.deadline !== Infinity && performance.now() > modelLimits.deadline) throw new ModelLimitExceeded('time limit');
}

export function makeModel<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>) {
  const events = options.events as EventFromLogic<M>[];
  return new TestModel(machine, {
    events: (snapshot: SnapshotFrom<M>) => {
      modelLimits.explored++;
      checkLimits();
      return events.filter((e) => (snapshot as { can(e: unknown): boolean }).can(e));
    },
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.serializeState
      ? { serializeState: (s: SnapshotFrom<M>) => options.serializeState!(s) }
      : {}),
    ...(options.stopWhen ? { stopWhen: options.stopWhen } : {}),
  } as never);
}

const defaultSerialize = (s: unknown) => JSON.stringify({ value: (s as { value: unknown }).value, context: (s as { context: unknown }).context });

/**
 * The shortest path to every reachable (abstract) state, each extended by every event enabled there: together
 * they take every reachable transition. One adjacency map (the expensive part: every event tried in every state),
 * then a breadth-first search over it; paths that are a prefix of a longer one are dropped.
 */
export function transitionCoverPaths<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>): ModelPath<M>[] {
  const serialize = (options.serializeState ?? defaultSerialize) as (s: SnapshotFrom<M>) => string;
  const model = makeModel(machine, { ...options, serializeState: serialize });
  const adjacency = model.getAdjacencyMap() as Record<string, { state: SnapshotFrom<M>; transitions: Record<string, { event: EventFromLogic<M>; state: SnapshotFrom<M> }> }>;
  type Step = { event: EventFromLogic<M>; state: SnapshotFrom<M> };
  const keys = Object.keys(adjacency);
  if (!keys.length) return [];
  const initialKey = keys[0]!;
  const init = { type: 'xstate.init' } as unknown as EventFromLogic<M>;
  const shortest = new Map<string, Step[]>([[initialKey, [{ event: init, state: adjacency[initialKey]!.state }]]]);
  const queue = [initialKey];
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i]!;
    const base = shortest.get(key)!;
    for (const t of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serialize(t.state);
      if (shortest.has(next)) continue;
      shortest.set(next, [...base, { event: t.event, state: t.state }]);
      queue.push(next);
    }
  }
  const toPath = (steps: Step[]): ModelPath<M> =>
    ({ state: steps[steps.length - 1]!.state, steps, weight: steps.length - 1, description: steps.map((st) => st.event.type).join(' → ') }) as unknown as ModelPath<M>;
  const out: ModelPath<M>[] = [];
  for (const steps of shortest.values()) out.push(toPath(steps));
  for (const [key, steps] of shortest) for (const t of Object.values(adjacency[key]?.transitions ?? {})) out.push(toPath([...steps, { event: t.event, state: t.state }]));
  // drop paths that are a prefix of a longer path (same events in order), then duplicates (linear time)
  const sig = (p: ModelPath<M>) => p.steps.map((st) => JSON.stringify(st.event)).join('\n');
  const sigs = out.map(sig);
  const prefixes = new Set<string>();
  for (const sg of sigs) for (let i = sg.indexOf('\n'); i !== -1; i = sg.indexOf('\n', i + 1)) prefixes.add(sg.slice(0, i));
  const seen = new Set<string>();
  return out.filter((_, i) => {
    const sg = sigs[i]!;
    if (prefixes.has(sg) || seen.has(sg)) return false;
    seen.add(sg);
    return true;
  });
}

export function describePath(path: { steps: Array<{ event: AnyEventObject }> }): string {
  return path.steps.map((s) => s.event.type).filter((t) => t !== 'xstate.init').join(' → ') || '(initial)';
}

export function transitionKey(t: AnyTransition): string {
  const list = t.eventType === '' ? (t.source as unknown as { always?: AnyTransition[] }).always ?? [] : t.source.transitions.get(t.eventType) ?? [];
  const index = (list as AnyTransition[]).indexOf(t);
  return `${t.source.id} --${t.eventType || 'always'}#${index}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`;
}

/** Replays a path on a live actor, asserting each step's state; returns the transitions that fired. */
export function runPath<M extends AnyStateMachine>(
  machine: M,
  path: { steps: Array<{ event: AnyEventObject; state: { value: unknown } }> },
  opts: {
    input?: InputFrom<M>;
    onStep?: (snapshot: SnapshotFrom<M>, event: AnyEventObject) => void;
    /**
     * named delays in ms, from the spec: a step `xstate.after.<name>.<state>` then lets that much time pass on a
     * simulated clock instead of sending the event (nothing may happen 1 ms before it, the step's state right on
     * time). Steps of delays not named here are sent as events.
     */
    delays?: Record<string, number>;
  } = {},
) {
  const fired = new Set<string>();
  // eventless transitions of the initial state run inside createActor, before `actor` is assigned:
  // only the root actor exists then (invoked children start later), so those microsteps are its own
  let actor: ReturnType<typeof createActor> | undefined = undefined;
  const clock = new SimulatedClock();
  let microsteps = 0;
  actor = createActor(machine, {
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    ...(opts.delays ? { clock } : {}),
    inspect: (ev: { type: string; actorRef: unknown }) => {
      // an eventless transition back to its own state loops inside XState (a mutant): stop it
      if (ev.type === '@xstate.microstep' && ++microsteps > 10_000) throw new ModelLimitExceeded('more than 10,000 microsteps for one event');
      if (ev.type === '@xstate.microstep' && (actor === undefined || ev.actorRef === actor)) {
        for (const t of (ev as unknown as { _transitions: AnyTransition[] })._transitions) fired.add(transitionKey(t));
      }
    },
  } as never);
  actor.start();
  // stopped also when a check throws: a live actor would keep its delayed events (timers) running
  try {
    for (const step of path.steps) {
      checkLimits();
      if (microsteps > 10_000) throw new ModelLimitExceeded('more than 10,000 microsteps for one event');
      microsteps = 0;
      const delay = /^xstate\.after\.([^.]+)\./.exec(step.event.type)?.[1];
      const ms = delay !== undefined ? opts.delays?.[delay] : undefined;
      if (step.event.type === CLOCK_ADVANCE) {
        // a journey's pause: time passes on the simulated clock (the timers it makes fire must agree with the step's state)
        if (!opts.delays) throw new Error(`${CLOCK_ADVANCE} needs the flow's delays (a simulated clock)`);
        clock.increment((step.event as { ms?: number }).ms ?? 0);
      } else if (ms !== undefined) {
        const before = JSON.stringify((actor.getSnapshot() as { value: unknown }).value);
        clock.increment(ms - 1);
        const early = JSON.stringify((actor.getSnapshot() as { value: unknown }).value);
        if (early !== before) throw new Error(`${step.event.type}: the state changed before ${ms} ms (${before} -> ${early})`);
        clock.increment(1);
      } else if (step.event.type !== 'xstate.init') actor.send(step.event as EventFromLogic<M>);
      const snap = actor.getSnapshot() as SnapshotFrom<M>;
      const got = JSON.stringify((snap as { value: unknown }).value);
      const want = JSON.stringify(step.state.value);
      if (got !== want) throw new Error(`after ${step.event.type}: expected state ${want}, got ${got}`);
      opts.onStep?.(snap, step.event);
    }
    return { fired, snapshot: actor.getSnapshot() as SnapshotFrom<M> };
  } finally {
    actor.stop();
  }
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of allStateNodes(machine.root)) {
    for (const list of node.transitions.values()) for (const t of list as AnyTransition[]) keys.push(transitionKey(t));
    for (const t of ((node as unknown as { always?: AnyTransition[] }).always ?? [])) keys.push(transitionKey(t));
  }
  return keys;
}

export function allStateIds(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root).map((n) => n.id);
}

export function stateIdsOf(machine: AnyStateMachine, value: unknown): string[] {
  const snapshot = machine.resolveState({ value: value as never, context: {} as never });
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.map((n) => n.id);
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export function coverage(machine: AnyStateMachine, visitedValues: unknown[], fired: Set<string>): Coverage {
  const stateIds = allStateIds(machine);
  const visited = new Set(visitedValues.flatMap((v) => stateIdsOf(machine, v)));
  const transitions = allTransitionKeys(machine);
  const missingStates = stateIds.filter((id) => !visited.has(id));
  const missingTransitions = transitions.filter((k) => !fired.has(k));
  return {
    states: { covered: stateIds.length - missingStates.length, total: stateIds.length, missing: missingStates },
    transitions: { covered: transitions.length - missingTransitions.length, total: transitions.length, missing: missingTransitions },
  };
}

export function printCoverage(name: string, c: Coverage) {
  console.log(
    `[model coverage] ${name}: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}` +
      (c.states.missing.length ? `\n  missing states: ${c.states.missing.join(', ')}` : '') +
      (c.transitions.missing.length ? `\n  missing transitions:\n    ${c.transitions.missing.join('\n    ')}` : ''),
  );
}

/**
 * The usual suite body: generate the paths, replay each on a live actor (provided with `provide`),
 * collect fired transitions and visited states, and return coverage. Callers assert per-path context
 * with `onPath` and assert full coverage.
 */
export function exercise<M extends AnyStateMachine>(
  machine: M,
  options: ModelOptions<M>,
  onPath?: (path: ModelPath<M>, final: SnapshotFrom<M>) => void,
) {
  const paths = transitionCoverPaths(machine, options);
  const fired = new Set<string>();
  const visited: unknown[] = [];
  for (const path of paths) {
    const r = runPath(machine, path, { ...(options.input !== undefined ? { input: options.input } : {}), onStep: (s) => visited.push((s as { value: unknown }).value) });
    for (const k of r.fired) fired.add(k);
    onPath?.(path, r.snapshot);
  }
  return { paths, coverage: coverage(machine, visited, fired) };
}

/**
 * The request builders by actor src (docs/machines.md): the named input mappers the machine's invokes use,
 * `({ context }) => request`. The fakes do not call them (the machine does, as the invoke's `input`): the keys
 * say which actors to fake, the values which mapper (or mappers, one per invoke) shapes each one's request.
 */
export type InputMapper = (args: { context: never }) => unknown;
export type RequestBuilders = Record<string, InputMapper | readonly InputMapper[]>;

/**
 * Fakes for invoked actors that record the `input` they start with (the request the real actor would send) and
 * then never settle: the model sends the done/error events itself. `last(src)` is the latest request of that
 * actor, `distinct(src)` every different request it made (paths seldom end in a waiting state: they go on with its
 * done/error events); an actor started without an input is recorded in `errors()`. (An input mapper that throws
 * stops the machine with an error, so the path's next expected state fails the test.)
 */
export function requestFakes<B extends RequestBuilders>(builders: B) {
  const made: Array<{ src: string; request?: unknown; error?: unknown }> = [];
  const actors: Record<string, AnyActorLogic> = {};
  for (const src of Object.keys(builders)) {
    actors[src] = fromPromise(({ input }) => {
      made.push(input === undefined ? { src, error: new Error(`${src}: started without an input (its invoke has no input mapper)`) } : { src, request: input });
      return new Promise<never>(() => {});
    });
  }
  return {
    actors: actors as Record<keyof B, never>,
    made,
    last: (src: keyof B & string) => made.findLast((m) => m.src === src)?.request,
    distinct: (src: keyof B & string) => [...new Map(made.filter((m) => m.src === src && 'request' in m).map((m) => [JSON.stringify(m.request), m.request])).values()],
    errors: () => made.filter((m) => 'error' in m),
  };
}
