import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { endSessionRequest, sessionsMachine } from '../../../machines/sessions.machine.ts';
import { PHONE, sessionsEvents, sessionsSerialize, THIS_DEVICE } from '../../../machines/__tests__/sessions-events.ts';
import { isDisabled, modelPaths, pathName, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { SessionsView } from './SessionsView.tsx';

const sessions: FlowViewModel<typeof sessionsMachine> = {
  machine: sessionsMachine,
  events: sessionsEvents,
  serializeState: (s) => sessionsSerialize(s),
  actors: ['loadSessions', 'endSession', 'endOtherSessions'],
  requests: { endSession: endSessionRequest },
  spyActions: ['notify'],
  render: (actor) => <SessionsView actor={actor} />,
  perform: {
    'user.endSession': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Sign out: Safari on iPhone' })),
    'user.endOthers': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Sign out of all other devices' })),
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // the devices are listed on arrival and on Try again; a device's Sign out sends its session id; Sign out of all
  // other devices sends its own request (no input); nothing else sends
  sends: (event) =>
    event.type === 'xstate.init' || event.type === 'user.retry'
      ? [{ src: 'loadSessions', request: undefined }]
      : event.type === 'user.endSession'
        ? [{ src: 'endSession', request: { id: PHONE.id } }]
        : event.type === 'user.endOthers'
          ? [{ src: 'endOtherSessions', request: undefined }]
          : [],
  check: (s, { calls, spies }, event) => {
    if (s.matches('loading')) {
      expect(screen.getByRole('progressbar')).toBeTruthy();
      return;
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Your devices' })).toBeTruthy();
    if (s.matches('loadFailed')) {
      expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      return;
    }
    const list = screen.getByRole('list', { name: 'Signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(s.context.sessions.length);
    // this device is marked and has no Sign out button; every other device has one
    const mine = items.find((li) => li.textContent!.includes(THIS_DEVICE.device))!;
    expect(mine.textContent).toContain('(This device)');
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(mine.querySelector(`time[datetime="${THIS_DEVICE.createdAt}"]`)).toBeTruthy();
    expect(mine.querySelector(`time[datetime="${THIS_DEVICE.lastSeenAt}"]`)).toBeTruthy();
    const hasPhone = s.context.sessions.some((x) => x.id === PHONE.id);
    const phoneButton = screen.queryByRole('button', { name: 'Sign out: Safari on iPhone' });
    expect(!!phoneButton).toBe(hasPhone);
    const all = screen.queryByRole('button', { name: 'Sign out of all other devices' });
    expect(!!all).toBe(hasPhone);
    if (!hasPhone) expect(screen.getByText('No other device is signed in.')).toBeTruthy();
    if (hasPhone) {
      expect(isDisabled(phoneButton!)).toBe(s.hasTag('busy'));
      expect(isDisabled(all!)).toBe(s.hasTag('busy'));
      expect(phoneButton!.getAttribute('aria-busy')).toBe(String(s.matches('endingOne')));
      expect(all!.getAttribute('aria-busy')).toBe(String(s.matches('endingOthers')));
    }
    if (s.matches('endingOne')) expect(calls.at(-1)!.request).toEqual({ id: PHONE.id });
    if (s.context.error) expect(screen.getByRole('alert').textContent).toBe(s.context.error);
    else expect(screen.queryByRole('alert')).toBeNull();
    if (event.type === 'xstate.done.actor.endSession') expect(spies.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: 'toast', tone: 'success', message: 'sessionEnded' });
    if (event.type === 'xstate.done.actor.endOtherSessions') expect(spies.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: 'toast', tone: 'success', message: 'otherSessionsEnded' });
  },
};

describe('SessionsView along the sessions model paths', () => {
  for (const path of modelPaths(sessions)) it(pathName(path), () => walkPath(sessions, path));
});
