import { describeFlow } from './flow.ts';
import { cardsFlow } from './cards.expect.ts';

describeFlow(cardsFlow);
