import { describeFlow } from './flow.ts';
import { giftFormFlow } from './gift-form.expect.ts';

describeFlow(giftFormFlow);
