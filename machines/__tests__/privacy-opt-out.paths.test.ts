import { describeFlow } from './flow.ts';
import { privacyOptOutFlow } from './privacy-opt-out.expect.ts';

describeFlow(privacyOptOutFlow);
