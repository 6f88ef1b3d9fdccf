import { describeFlow } from './flow.ts';
import { unsubscribeFlow } from './unsubscribe.expect.ts';

describeFlow(unsubscribeFlow);
