import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createActor, type AnyEventObject } from 'xstate';
import { partnerRedirectMachine, authenticatePartnerRequest } from '../../../machines/partner-redirect.machine.ts';
import { partnerRedirectEvents } from '../../../machines/__tests__/partner-redirect.expect.ts';
import { modelPaths, pathName, renderWithRouter, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { PartnerRedirectView } from './PartnerRedirectView.tsx';

/**
 * The redirect page along every path of the partnerRedirect machine (the 5 s is the machine tests', on a simulated
 * clock: here the delay is 1.5 s so that the real timer fires): its heading and progress bar, the one authenticate
 * request after the wait, the window sent to the allowed URL only.
 */
type M = typeof partnerRedirectMachine;
const machine = partnerRedirectMachine.provide({ delays: { partnerRedirectDelay: 1500 } }) as M;

const m: FlowViewModel<M> = {
  machine,
  events: Object.values(partnerRedirectEvents) as unknown as AnyEventObject[],
  input: { hotelPartner: 'lodgecrest', allowedOrigins: ['http://127.0.0.1:4103', 'https://partner.example'] },
  actors: ['authenticatePartner'],
  requests: { authenticatePartner: authenticatePartnerRequest },
  spyActions: ['redirect', 'navigateWindow'],
  render: (actor) => <PartnerRedirectView actor={actor} />,
  perform: {},
  check: (s, h) => {
    expect(screen.getByRole('heading', { level: 1, name: 'Taking you to Lodgecrest Rewards…' })).toBeTruthy();
    expect(screen.queryByRole('progressbar') !== null).toBe(s.hasTag('loading'));
    expect(h.spies.navigateWindow).toHaveBeenCalledTimes(s.matches('navigating') ? 1 : 0);
    expect(h.spies.redirect).toHaveBeenCalledTimes(s.matches('leaving') ? 1 : 0);
  },
  sends: (e, s) => (e.type.startsWith('xstate.after.') && s.matches('authenticating') ? [{ src: 'authenticatePartner', request: { hotelPartner: 'lodgecrest' } }] : []),
};

describe('PartnerRedirectView', () => {
  // a first render pays the cold imports (router, jsdom), so the first path's waiting step is checked inside its 1.5 s
  beforeAll(async () => {
    const view = renderWithRouter(<PartnerRedirectView actor={createActor(partnerRedirectMachine, { input: { hotelPartner: 'lodgecrest', allowedOrigins: [] } })} />);
    await screen.findByRole('heading', { level: 1 });
    view.unmount();
  });
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
