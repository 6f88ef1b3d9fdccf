/**
 * Model-based test harness over xstate/graph (design.md section 3).
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
import { createActor, fromPromise, type AnyActorLogic, type AnyStateMachine, type AnyEventObject, type EventFromLogic, type SnapshotFrom, type InputFrom } from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';

type AnyStateNode = AnyStateMachine['root'];
type AnyTransition = { source: AnyStateNode; eventType: string; target?: readonly AnyStateNode[] | undefined };

export interface ModelOptions<M extends AnyStateMachine> {
  /** every event the model may send; filtered per state with snapshot.can(event) */
  events: ReadonlyArray<EventFromLogic<M> | AnyEventObject>;
  input?: InputFrom<M>;
  /** abstracts context so traversal ends (default: state value + JSON of context) */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  stopWhen?: (snapshot: SnapshotFrom<M>) => boolean;
}

export type ModelPath<M extends AnyStateMachine> = TestPath<SnapshotFrom<M>, EventFromLogic<M>>;

export function makeModel<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>) {
  const events = options.events as EventFromLogic<M>[];
  return new TestModel(machine, {
    events: (snapshot: SnapshotFrom<M>) => events.filter((e) => (snapshot as { can(e: unknown): boolean }).can(e)),
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.serializeState
      ? { serializeState: (s: SnapshotFrom<M>) => options.serializeState!(s) }
      : {}),
    ...(options.stopWhen ? { stopWhen: options.stopWhen } : {}),
  } as never);
}

export function transitionCoverPaths<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>): ModelPath<M>[] {
  const model = makeModel(machine, options);
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true }) as ModelPath<M>[];
  const serialize = (s: SnapshotFrom<M>) =>
    options.serializeState ? options.serializeState(s) : JSON.stringify({ value: (s as { value: unknown }).value, context: (s as { context: unknown }).context });
  const byState = new Map<string, ModelPath<M>>();
  for (const p of shortest) byState.set(serialize(p.state), p);
  const adjacency = model.getAdjacencyMap();
  const out: ModelPath<M>[] = [...shortest];
  for (const [key, entry] of Object.entries(adjacency)) {
    const base = byState.get(key) ?? [...byState.entries()].find(([k]) => k === key)?.[1];
    if (!base) continue;
    for (const t of Object.values(entry.transitions) as Array<{ event: unknown; state: unknown }>) {
      out.push({
        ...base,
        state: t.state as SnapshotFrom<M>,
        steps: [...base.steps, { event: t.event as EventFromLogic<M>, state: t.state as SnapshotFrom<M> }],
        weight: base.weight + 1,
        description: `${base.description} → ${(t.event as AnyEventObject).type}`,
      });
    }
  }
  // drop paths that are a prefix of a longer path (same events in order), then duplicates (linear time)
  const sig = (p: ModelPath<M>) => p.steps.map((s) => JSON.stringify(s.event)).join('\n');
  const sigs = out.map(sig);
  const prefixes = new Set<string>();
  for (const s of sigs) for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) prefixes.add(s.slice(0, i));
  const seen = new Set<string>();
  return out.filter((_, i) => {
    const s = sigs[i]!;
    if (prefixes.has(s) || seen.has(s)) return false;
    seen.add(s);
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
  opts: { input?: InputFrom<M>; onStep?: (snapshot: SnapshotFrom<M>, event: AnyEventObject) => void } = {},
) {
  const fired = new Set<string>();
  // eventless transitions of the initial state run inside createActor, before `actor` is assigned:
  // only the root actor exists then (invoked children start later), so those microsteps are its own
  let actor: ReturnType<typeof createActor> | undefined = undefined;
  actor = createActor(machine, {
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    inspect: (ev: { type: string; actorRef: unknown }) => {
      if (ev.type === '@xstate.microstep' && (actor === undefined || ev.actorRef === actor)) {
        for (const t of (ev as unknown as { _transitions: AnyTransition[] })._transitions) fired.add(transitionKey(t));
      }
    },
  } as never);
  actor.start();
  for (const step of path.steps) {
    if (step.event.type !== 'xstate.init') actor.send(step.event as EventFromLogic<M>);
    const snap = actor.getSnapshot() as SnapshotFrom<M>;
    const got = JSON.stringify((snap as { value: unknown }).value);
    const want = JSON.stringify(step.state.value);
    if (got !== want) {
      actor.stop();
      throw new Error(`after ${step.event.type}: expected state ${want}, got ${got}`);
    }
    opts.onStep?.(snap, step.event);
  }
  const final = actor.getSnapshot() as SnapshotFrom<M>;
  actor.stop();
  return { fired, snapshot: final };
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
