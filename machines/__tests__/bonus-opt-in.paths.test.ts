import { describeFlow } from './flow.ts';
import { bonusOptInFlow } from './bonus-opt-in.expect.ts';

describeFlow(bonusOptInFlow);
