/**
 * View tests along the model paths (docs/architecture.md#tests-three-layers-on-the-same-paths, third layer): the same paths as the machine's
 * model-based test (machines/__tests__/model.ts), replayed on the real view. User events become typing and
 * clicks, `xstate.done.actor.*` / `xstate.error.actor.*` resolve or reject the deferred fake actor the machine
 * started, and after every step the actor must be in the model's state and the DOM must show it.
 */
import type { ReactElement } from 'react';
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, type Actor, type AnyActorLogic, type AnyEventObject, type AnyStateMachine, type InputFrom, type SnapshotFrom } from 'xstate';
import { expect, vi } from 'vitest';
import { describePath, transitionCoverPaths, type ModelPath, type RequestBuilders } from '../../machines/__tests__/model.ts';

// the router's scroll restoration calls window.scrollTo, which jsdom does not implement
if (typeof window !== 'undefined') window.scrollTo = (() => {}) as typeof window.scrollTo;

/** Plain DOM assertions (no jest-dom in this project). */
export const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

export interface FakeCall {
  src: string;
  /** what the real actor would send: the `input` the invoke's named input mapper built (docs/machines.md) */
  request: unknown;
  settled: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Fake actors whose promises the test settles; each records the `input` it starts with, the request the real one
 * sends. An actor listed in `requests` (it has a request builder) that starts without an input rejects.
 */
export function deferredActors(srcs: readonly string[], requests: RequestBuilders = {}) {
  const calls: FakeCall[] = [];
  const logic: Record<string, AnyActorLogic> = {};
  for (const src of srcs) {
    const needsInput = src in requests;
    logic[src] = fromPromise(({ input }) => {
      const request: unknown = input;
      if (needsInput && input === undefined) return Promise.reject(new Error(`${src}: started without an input (its invoke has no input mapper)`));
      return new Promise((resolve, reject) => {
        const call: FakeCall = { src, request, settled: false, resolve, reject };
        call.resolve = (v) => ((call.settled = true), resolve(v));
        call.reject = (e) => ((call.settled = true), reject(e));
        calls.push(call);
      });
    });
  }
  return { logic, calls };
}

export type User = ReturnType<typeof userEvent.setup>;

export interface Harness<M extends AnyStateMachine> {
  user: User;
  actor: Actor<M>;
  view: RenderResult;
  calls: FakeCall[];
  spies: Record<string, ReturnType<typeof vi.fn>>;
}

export interface FlowViewModel<M extends AnyStateMachine> {
  machine: M;
  events: readonly AnyEventObject[];
  input?: InputFrom<M>;
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** the actor sources (setup `actors` keys) to replace with deferred fakes */
  actors: readonly string[];
  /** the machine's request builders (its invokes' input mappers) by actor src: those fakes must start with an input */
  requests?: RequestBuilders;
  /** named actions to replace with spies (notify, redirect, tracking...) */
  spyActions?: readonly string[];
  /** the fake call an actor event settles (default: the latest unsettled call whose src is the event's actor id) */
  callFor?: (event: AnyEventObject, calls: FakeCall[]) => FakeCall | undefined;
  render: (actor: Actor<M>, spies: Record<string, ReturnType<typeof vi.fn>>) => ReactElement;
  /** DOM actions per user event type */
  perform: Record<string, (event: AnyEventObject, h: Harness<M>) => Promise<void>>;
  /** DOM assertions for the snapshot reached after each step */
  check: (snapshot: SnapshotFrom<M>, h: Harness<M>, event: AnyEventObject) => void;
  /**
   * written from the spec: the requests a step must start (actor src and its input, as literals), given the event
   * and the state it reached; `[]` for none. Checked after every step against the fakes' new calls, so a view or
   * machine that sends the wrong request (or one for the other button) fails even when the DOM matches its state.
   */
  sends?: (event: AnyEventObject, snapshot: SnapshotFrom<M>) => Array<{ src: string; request: unknown }>;
}

export function modelPaths<M extends AnyStateMachine>(model: FlowViewModel<M>): ModelPath<M>[] {
  return transitionCoverPaths(model.machine, {
    events: model.events as never,
    ...(model.input !== undefined ? { input: model.input } : {}),
    ...(model.serializeState ? { serializeState: model.serializeState } : {}),
  });
}

export const pathName = (path: { steps: Array<{ event: AnyEventObject }> }) => describePath(path);

/** Renders a view inside a memory router (views use <Link>). */
export function renderWithRouter(ui: ReactElement): RenderResult {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(<RouterProvider router={router} />);
}

function isActorEvent(type: string) {
  return type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');
}

export async function walkPath<M extends AnyStateMachine>(model: FlowViewModel<M>, path: ModelPath<M>) {
  const fakes = deferredActors(model.actors, model.requests);
  const spies: Record<string, ReturnType<typeof vi.fn>> = {};
  for (const name of model.spyActions ?? []) spies[name] = vi.fn();
  const machine = model.machine.provide({ actors: fakes.logic, actions: spies } as never) as M;
  const actor = createActor(machine, (model.input !== undefined ? { input: model.input } : {}) as never) as Actor<M>;
  actor.start();
  const user = userEvent.setup();
  const view = renderWithRouter(model.render(actor, spies));
  const h: Harness<M> = { user, actor, view, calls: fakes.calls, spies };
  try {
    let seen = 0; // the fake calls of earlier steps
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.init') {
        // nothing to do
      } else if (isActorEvent(event.type)) {
        const id = (event as { actorId?: string }).actorId ?? event.type.replace(/^xstate\.(done|error)\.actor\./, '');
        const call = model.callFor?.(event, fakes.calls) ?? [...fakes.calls].reverse().find((c) => c.src === id && !c.settled);
        if (!call) throw new Error(`no pending ${id} request to settle for ${event.type}`);
        await act(async () => {
          if (event.type.startsWith('xstate.done.')) call.resolve((event as { output?: unknown }).output);
          else call.reject((event as { error?: unknown }).error);
        });
      } else if (event.type.startsWith('xstate.after.')) {
        // a named delay: the real timer fires
      } else {
        const perform = model.perform[event.type];
        if (!perform) throw new Error(`no DOM action for ${event.type}`);
        await perform(event, h);
      }
      await waitFor(() => expect((actor.getSnapshot() as { value: unknown }).value, `after ${event.type}`).toEqual((step.state as { value: unknown }).value), { timeout: 2000 });
      const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
      await waitFor(() => model.check(snapshot, h, event));
      if (model.sends) {
        const made = fakes.calls.slice(seen).map((c) => ({ src: c.src, request: c.request }));
        expect(made, `requests sent by ${event.type}`).toEqual(model.sends(event, snapshot));
      }
      seen = fakes.calls.length;
    }
  } finally {
    view.unmount();
    actor.stop();
  }
}

/** Replaces a text input's value the way a user does (clear, then type or paste). */
export async function fill(user: User, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) {
    (input as HTMLInputElement).focus();
    await user.paste(value);
  }
}

/** Sets a checkbox to the wanted state by clicking it when needed. */
export async function setChecked(user: User, input: HTMLElement, checked: boolean) {
  if ((input as HTMLInputElement).checked !== checked) await user.click(input);
}
