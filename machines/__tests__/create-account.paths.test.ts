import { describeFlow } from './flow.ts';
import { createAccountFlow } from './create-account.expect.ts';

describeFlow(createAccountFlow);
