/**
 * The hotel partner's two calls (spec 3 section 7; docs/rewards.md 4.3) and the actors of the hotelPartner and
 * partnerRedirect machines. Unlink: "error is read from data.error.code" (spec 7): the rejection's code is the body's
 * error.code when there is one (8001034), else its code.
 */
import { fromPromise } from 'xstate';
import { PartnerAuthenticateAnswer, PartnerUnlinkAnswer, PartnerMessages } from '../../../contracts/rewards-partner.ts';
import type { UnlinkPartnerRequest } from '../../../machines/hotel-partner.machine.ts';
import type { AuthenticatePartnerRequest } from '../../../machines/partner-redirect.machine.ts';
import { asFlowError } from '../../../machines/flow.ts';
import { api } from '../api.ts';
import { callWith } from '../../../machines/flow.ts';

const callPartner = callWith({ '8001034': PartnerMessages.notLinked, ALREADY_LINKED: PartnerMessages.alreadyLinked });
const path = (slug: string, call: 'authenticate' | 'unlink') => `/rewards/partnerships/${encodeURIComponent(slug)}/${call}`;

/** data.error.code first (spec 7), then the error's own code */
function withDataErrorCode(e: unknown): unknown {
  const f = asFlowError(e);
  const nested = (f.body.error as { code?: unknown } | undefined)?.code;
  return typeof nested === 'string' && nested ? { ...f, code: nested } : e;
}

export const partnerApi = {
  authenticate: (input: AuthenticatePartnerRequest, signal?: AbortSignal) =>
    callPartner(api.get(path(input.hotelPartner, 'authenticate'), { schema: PartnerAuthenticateAnswer, ...(signal ? { signal } : {}) })),
  unlink: async (input: UnlinkPartnerRequest, signal?: AbortSignal) => {
    try {
      return await callPartner(api.post(path(input.hotelPartner, 'unlink'), undefined, { schema: PartnerUnlinkAnswer, ...(signal ? { signal } : {}) }));
    } catch (e) {
      throw withDataErrorCode(e);
    }
  },
};

export function hotelPartnerActors() {
  return { unlinkPartner: fromPromise<PartnerUnlinkAnswer, UnlinkPartnerRequest>(({ input, signal }) => partnerApi.unlink(input, signal)) };
}

export function partnerRedirectActors() {
  return { authenticatePartner: fromPromise<PartnerAuthenticateAnswer, AuthenticatePartnerRequest>(({ input, signal }) => partnerApi.authenticate(input, signal)) };
}
