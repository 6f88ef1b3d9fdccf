/** /account/personal/partner: the requests and actors of machines/partner-number.machine.ts (the read is src/services/account.queries.ts). */
import { fromPromise } from 'xstate';
import { PartnerNumber } from '../../../contracts/account-reads.ts';
import { api } from '../api.ts';
import { accountReads } from '../account.queries.ts';
import { callWithFlowError as call } from '../flow-error.ts';

const A = '/account';

export function partnerNumberActors() {
  return {
    loadPartnerNumber: fromPromise<PartnerNumber, void>(async () => accountReads.partnerNumber()),
    savePartnerNumber: fromPromise<PartnerNumber, { partnerNumber: string | null }>(async ({ input }) =>
      call(api.put(`${A}/partner-number`, { partnerNumber: input.partnerNumber }, { schema: PartnerNumber })),
    ),
  };
}
