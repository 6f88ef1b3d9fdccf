import { describeFlow } from './flow.ts';
import { orderHistoryFlow } from './order-history.expect.ts';

describeFlow(orderHistoryFlow);
