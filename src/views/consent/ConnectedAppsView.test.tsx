import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { connectedAppsMachine, revokeAppRequest } from '../../../machines/connected-apps.machine.ts';
import { connectedAppsEvents } from '../../../machines/__tests__/connected-apps.events.ts';
import { isDisabled, modelPaths, pathName, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { ConnectedAppsView } from './ConnectedAppsView.tsx';

const model: FlowViewModel<typeof connectedAppsMachine> = {
  machine: connectedAppsMachine,
  events: connectedAppsEvents,
  serializeState: (s) => JSON.stringify({ v: s.value, a: s.context.apps, r: s.context.revoking, e: s.context.error }),
  actors: ['loadApps', 'revokeApp'],
  requests: { revokeApp: revokeAppRequest },
  spyActions: ['notify'],
  render: (actor) => <ConnectedAppsView actor={actor} />,
  perform: {
    'user.revoke': async (e, { user }) => user.click(screen.getByRole('button', { name: e.clientId === 'brewbudget' ? 'Remove access for BrewBudget' : 'Remove access for Nobody' })),
    'user.retry': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  // the list is asked for on arrival and on Try again; Remove access sends that app's clientId; nothing else sends
  sends: (event) =>
    event.type === 'xstate.init' || event.type === 'user.retry'
      ? [{ src: 'loadApps', request: undefined }]
      : event.type === 'user.revoke'
        ? [{ src: 'revokeApp', request: { clientId: (event as unknown as { clientId: string }).clientId } }]
        : [],
  check: (s, { spies, calls }, event) => {
    expect(screen.getByRole('heading', { name: 'Connected apps' })).toBeTruthy();
    if (s.matches('loadFailed')) expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    const names = [...document.querySelectorAll('.consent-app strong')].map((n) => n.textContent);
    expect(names).toEqual((s.context.apps ?? []).map((a) => a.clientName));
    if (s.context.apps?.length) {
      expect([...document.querySelectorAll('.consent-app small')].map((n) => n.textContent)).toEqual((s.context.apps ?? []).map((a) => (a.clientId === 'brewbudget' ? 'See your profile: your name and email address; See your cards, their balances and transactions' : 'See your Stars balance')));
      for (const b of screen.getAllByRole('button', { name: /^Remove access for/ })) expect(isDisabled(b)).toBe(s.matches('revoking'));
    }
    if (s.matches('revoking')) expect(calls.at(-1)!.request).toEqual({ clientId: 'brewbudget' });
    if (event.type === 'xstate.done.actor.revokeApp') expect(spies.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: 'toast', tone: 'success', message: 'appRevoked' });
    if (event.type === 'xstate.error.actor.revokeApp') expect(spies.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: 'toast', tone: 'error', message: 'appRevokeFailed' });
  },
};

describe('ConnectedAppsView along the model paths', () => {
  // 'user.revoke' of an app not in the list has no button: those paths are the machine's guard, not the view's
  for (const path of modelPaths(model).filter((p) => !p.steps.some((st) => (st.event as { clientId?: string }).clientId === 'not-connected'))) it(pathName(path), () => walkPath(model, path));
});
