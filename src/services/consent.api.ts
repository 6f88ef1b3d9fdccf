/**
 * The consent, privacy and unsubscribe API client (issue 11, docs/consent.md): one function per endpoint, each
 * response validated with its contract; failures reject with a FlowError carrying the catalogue's (or server's) text.
 */
import { AuthorizeResponse, AuthorizeStatus, ConnectedApps, type AuthorizeRequest, type AuthorizeStatusRequest } from '../../contracts/oauth.ts';
import { api } from './api.ts';
import { callWithFlowError as call } from './flow-error.ts';


export const consentApi = {
  authorizeStatus: (input: AuthorizeStatusRequest) => call(api.post('/oauth/authorize/status', input, { schema: AuthorizeStatus })),
  authorize: (input: AuthorizeRequest) => call(api.post('/oauth/authorize', input, { schema: AuthorizeResponse })),
  connectedApps: () => call(api.get('/account/connected-apps', { schema: ConnectedApps })),
  revokeApp: (clientId: string) => call(api.del(`/account/connected-apps/${encodeURIComponent(clientId)}`, { schema: ConnectedApps })),
};
