/** The real actors of the consent machines (docs/machines.md): each sends only its input with consentApi. */
import { fromPromise } from 'xstate';
import type { AuthorizeRequest, AuthorizeResponse, AuthorizeStatus, AuthorizeStatusRequest } from '../../contracts/oauth.ts';
import { consentApi } from './consent.api.ts';

export function oauthConsentActors() {
  return {
    checkStatus: fromPromise<AuthorizeStatus, AuthorizeStatusRequest>(({ input }) => consentApi.authorizeStatus(input)),
    confirm: fromPromise<AuthorizeResponse, AuthorizeRequest>(({ input }) => consentApi.authorize(input)),
  };
}
