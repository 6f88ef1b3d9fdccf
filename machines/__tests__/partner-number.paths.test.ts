import { describeFlow } from './flow.ts';
import { partnerNumberFlow } from './partner-number.expect.ts';

describeFlow(partnerNumberFlow);
