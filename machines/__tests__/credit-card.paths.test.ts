import { describeFlow } from './flow.ts';
import { creditCardFlow } from './credit-card.expect.ts';

describeFlow(creditCardFlow);
