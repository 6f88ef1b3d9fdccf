/** Events of the privacy opt-out, privacy settings and unsubscribe models (shared by path and view tests). */
import { apiError, serverDown } from './account-fakes.ts';

export const privacyOptOutEvents = [
  { type: 'user.submit', email: 'ana@example.com' },
  { type: 'user.submit', email: '' },
  { type: 'user.submit', email: 'not-an-email' },
  { type: 'xstate.done.actor.sendOptOut', output: { ok: true }, actorId: 'sendOptOut' },
  { type: 'xstate.error.actor.sendOptOut', error: serverDown, actorId: 'sendOptOut' },
] as const;

export const privacySettingsEvents = [
  { type: 'user.toggle', optedOut: true },
  { type: 'user.toggle', optedOut: false },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadPrivacy', output: { optedOut: false }, actorId: 'loadPrivacy' },
  { type: 'xstate.error.actor.loadPrivacy', error: serverDown, actorId: 'loadPrivacy' },
  { type: 'xstate.done.actor.savePrivacy', output: { optedOut: true }, actorId: 'savePrivacy' },
  { type: 'xstate.done.actor.savePrivacy', output: { optedOut: false }, actorId: 'savePrivacy' },
  { type: 'xstate.error.actor.savePrivacy', error: serverDown, actorId: 'savePrivacy' },
] as const;

export const UNSUBSCRIBE_TOKEN = 'eyJ1IjoidSJ9.' + 'A'.repeat(43);
export const unsubscribeEvents = [
  { type: 'xstate.done.actor.unsubscribe', output: { type: 'personalized' }, actorId: 'unsubscribe' },
  { type: 'xstate.done.actor.unsubscribe', output: { type: 'promotional' }, actorId: 'unsubscribe' },
  { type: 'xstate.error.actor.unsubscribe', error: apiError(400, 'INVALID_UNSUBSCRIBE_LINK', 'This unsubscribe link is not valid or has expired.', { field: 'token' }), actorId: 'unsubscribe' },
] as const;
