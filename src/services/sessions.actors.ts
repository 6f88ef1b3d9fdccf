import { fromPromise } from 'xstate';
import { SessionList } from '../../contracts/sessions.ts';
import { api } from './api.ts';
import { toFlowError } from './flow-error.ts';

/** API client and actors of /account/settings/sessions (contract: contracts/sessions.ts). */
const S = '/account/sessions';

async function call<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (e) {
    throw toFlowError(e);
  }
}

export const sessionsApi = {
  list: () => call(api.get(S, { schema: SessionList })),
  end: (id: string) => call(api.del(`${S}/${encodeURIComponent(id)}`, { schema: SessionList })),
  endOthers: () => call(api.post(`${S}/end-others`, {}, { schema: SessionList })),
};

export function sessionsActors() {
  return {
    loadSessions: fromPromise<SessionList, void>(async () => sessionsApi.list()),
    endSession: fromPromise<SessionList, { id: string }>(async ({ input }) => sessionsApi.end(input.id)),
    endOtherSessions: fromPromise<SessionList, void>(async () => sessionsApi.endOthers()),
  };
}
