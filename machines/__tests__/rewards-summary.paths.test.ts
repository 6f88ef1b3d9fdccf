import { describeFlow } from './flow.ts';
import { rewardsSummaryFlow } from './rewards-summary.expect.ts';

describeFlow(rewardsSummaryFlow);
