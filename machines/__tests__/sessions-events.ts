/**
 * Events (with real payloads) of the sessions machine's model, shared by its path test
 * (sessions.paths.test.ts) and the view test that walks the same paths (src/views/account/SessionsView.test.tsx).
 */
import type { SessionSummary } from '../../contracts/sessions.ts';
import { apiError, serverDown } from './account-fakes.ts';

export const THIS_DEVICE: SessionSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  device: 'Chrome on Windows',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: '2026-11-23T18:00:00.000Z',
  current: true,
  rememberMe: false,
};
export const PHONE: SessionSummary = {
  id: '00000000-0000-4000-8000-000000000002',
  device: 'Safari on iPhone',
  createdAt: '2026-11-01T09:30:00.000Z',
  lastSeenAt: '2026-11-22T07:15:00.000Z',
  current: false,
  rememberMe: true,
};

export const sessionNotFound = apiError(404, 'SESSION_NOT_FOUND', 'That session has already ended.');

export const sessionsEvents = [
  { type: 'user.endSession', id: PHONE.id },
  // this device's own session is not ended here (the guard refuses it; the view offers no button)
  { type: 'user.endSession', id: THIS_DEVICE.id },
  { type: 'user.endOthers' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadSessions', output: { sessions: [THIS_DEVICE, PHONE] }, actorId: 'loadSessions' },
  { type: 'xstate.error.actor.loadSessions', error: serverDown, actorId: 'loadSessions' },
  { type: 'xstate.done.actor.endSession', output: { sessions: [THIS_DEVICE] }, actorId: 'endSession' },
  { type: 'xstate.error.actor.endSession', error: sessionNotFound, actorId: 'endSession' },
  { type: 'xstate.error.actor.endSession', error: serverDown, actorId: 'endSession' },
  { type: 'xstate.done.actor.endOtherSessions', output: { sessions: [THIS_DEVICE] }, actorId: 'endOtherSessions' },
  { type: 'xstate.error.actor.endOtherSessions', error: serverDown, actorId: 'endOtherSessions' },
] as const;

export const sessionsSerialize = (s: { value: unknown; context: { sessions: SessionSummary[]; ending: string | null; error: string | null } }) =>
  JSON.stringify({ v: s.value, ids: s.context.sessions.map((x) => x.id.slice(-1)), n: s.context.ending?.slice(-1) ?? null, e: s.context.error });
