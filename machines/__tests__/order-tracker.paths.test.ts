import { describeFlow } from './flow.ts';
import { orderTrackerFlow } from './order-tracker.expect.ts';

describeFlow(orderTrackerFlow);
