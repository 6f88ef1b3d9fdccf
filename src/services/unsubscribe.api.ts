/** Unsubscribing from marketing mail (issue 11, docs/consent.md): the request of /unsubscribe, apart from privacy.api.ts. */
import { UnsubscribeResponse } from '../../contracts/unsubscribe.ts';
import { api } from './api.ts';
import { callWithFlowError as call } from './flow-error.ts';


export const unsubscribe = (input: { token: string }) => call(api.post('/unsubscribe', input, { schema: UnsubscribeResponse }));
