import { describeFlow } from './flow.ts';
import { previousOrdersFlow } from './previous-orders.expect.ts';

describeFlow(previousOrdersFlow);
