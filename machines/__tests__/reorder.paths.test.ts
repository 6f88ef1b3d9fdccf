import { describeFlow } from './flow.ts';
import { reorderFlow } from './reorder.expect.ts';

describeFlow(reorderFlow);
