/** The SSO sign-in request, at most once per token (src/services/account.actors.ts ssoActors). */
import type { SsoSignInResponse as SsoSignInResponseT } from '../../contracts/account.ts';
import type { SsoInput } from '../../machines/sso.machine.ts';
import { accountApi } from './account.api.ts';

/**
 * SSO tokens are single use. React's strict mode (development) remounts the page, and the remounted machine
 * restarts its request: the same token shares one request, so the second start does not spend it again.
 */
const ssoInFlight = new Map<string, Promise<SsoSignInResponseT>>();
export function ssoOnce(input: SsoInput): Promise<SsoSignInResponseT> {
  let p = ssoInFlight.get(input.token);
  if (!p) {
    p = accountApi.ssoSignIn(input);
    ssoInFlight.set(input.token, p);
    const forget = () => setTimeout(() => ssoInFlight.delete(input.token), 10_000);
    p.then(forget, forget);
  }
  return p;
}
