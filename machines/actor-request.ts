import type { AnyActorRef } from 'xstate';

/**
 * The one way a machine starts a request: docs/machines.md. Machine configs hold no functions
 * (scripts/statecharts.test.ts), so an `invoke` cannot carry an `input: ({ context }) => ...` mapper.
 * Instead every machine exports a pure request builder (e.g. `signInRequest(context)`) and the invoked
 * actor reads its request from the invoking machine's context when it starts, synchronously, before any
 * await. XState commits the new snapshot before it starts invoked children, so the context seen here
 * already holds the transition's assignments.
 */
export function parentContext<C>(self: AnyActorRef): C {
  const parent = self._parent;
  if (!parent) throw new Error('this actor must be invoked by a machine');
  return (parent.getSnapshot() as { context: C }).context;
}
