import { describeFlow } from './flow.ts';
import { storeDetailsFlow } from './store-details.expect.ts';

describeFlow(storeDetailsFlow);
