import { describeFlow } from './flow.ts';
import { addMoneyFlow } from './add-money.expect.ts';

describeFlow(addMoneyFlow);
