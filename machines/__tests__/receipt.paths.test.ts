import { describeFlow } from './flow.ts';
import { receiptFlow } from './receipt.expect.ts';

describeFlow(receiptFlow);
