import { describeFlow } from './flow.ts';
import { transferFlow } from './transfer.expect.ts';

describeFlow(transferFlow);
