import { describeFlow } from './flow.ts';
import { giftClaimFlow } from './gift-claim.expect.ts';

describeFlow(giftClaimFlow);
