import { describeFlow } from './flow.ts';
import { addCardFlow } from './add-card.expect.ts';

describeFlow(addCardFlow);
