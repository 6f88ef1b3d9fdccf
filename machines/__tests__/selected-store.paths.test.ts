import { describeFlow } from './flow.ts';
import { selectedStoreFlow } from './selected-store.expect.ts';

describeFlow(selectedStoreFlow);
