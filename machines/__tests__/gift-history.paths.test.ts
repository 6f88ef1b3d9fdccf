import { describeFlow } from './flow.ts';
import { giftHistoryFlow } from './gift-history.expect.ts';

describeFlow(giftHistoryFlow);
