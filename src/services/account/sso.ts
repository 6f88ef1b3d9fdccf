/** SSO sign-in (spec 2 section 2): the request, at most once per token, and the actor of machines/sso.machine.ts. */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { SsoSignInResponse } from '../../../contracts/account-sso.ts';
import type { SsoInput } from '../../../machines/sso.machine.ts';
import { api } from '../api.ts';
import { refreshSession } from '../session.ts';
import { callWithFlowError as call } from '../flow-error.ts';
import { reputation } from './reputation.ts';

const A = '/account';

const ssoSignIn = (input: SsoInput) =>
  call(api.post(`${A}/signin/sso/${encodeURIComponent(input.token)}`, { reputation: reputation() }, { schema: SsoSignInResponse, query: { returnUrl: input.returnUrl } }));

/**
 * SSO tokens are single use. React's strict mode (development) remounts the page, and the remounted machine
 * restarts its request: the same token shares one request, so the second start does not spend it again.
 */
const ssoInFlight = new Map<string, Promise<SsoSignInResponse>>();
export function ssoOnce(input: SsoInput): Promise<SsoSignInResponse> {
  let p = ssoInFlight.get(input.token);
  if (!p) {
    p = ssoSignIn(input);
    ssoInFlight.set(input.token, p);
    const forget = () => setTimeout(() => ssoInFlight.delete(input.token), 10_000);
    p.then(forget, forget);
  }
  return p;
}

export function ssoActors(queryClient: QueryClient) {
  return {
    ssoSignIn: fromPromise<SsoSignInResponse, SsoInput>(async ({ input }) => {
      const out = await ssoOnce(input);
      await refreshSession(queryClient);
      return out;
    }),
  };
}
