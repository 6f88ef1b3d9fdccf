import { describeFlow } from './flow.ts';
import { personalDetailsFlow } from './personal-details.expect.ts';

describeFlow(personalDetailsFlow);
