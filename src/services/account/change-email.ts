/** /account/settings/edit-email: the requests and actors of machines/change-email.machine.ts. */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { ChangeEmailResponse, EmailStatus } from '../../../contracts/account-email.ts';
import type { ChangeEmailValues } from '../../../machines/change-email.machine.ts';
import { api } from '../api.ts';
import { refreshSession } from '../session.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function changeEmailActors(queryClient: QueryClient) {
  return {
    loadEmailStatus: fromPromise<EmailStatus, void>(async () => call(api.get(`${A}/settings/email`, { schema: EmailStatus }))),
    requestEmailChange: fromPromise<{ proposedNewEmail: string }, ChangeEmailValues>(async ({ input }) =>
      call(api.post(`${A}/settings/email`, input, { schema: ChangeEmailResponse })),
    ),
    verifyEmailChange: fromPromise<EmailStatus, { code: string }>(async ({ input }) => {
      const out = await call(api.post(`${A}/settings/email/verify`, input, { schema: EmailStatus }));
      await refreshSession(queryClient);
      return out;
    }),
  };
}
