import { describeFlow } from './flow.ts';
import { consoleQueueFlow } from './console-queue.expect.ts';

describeFlow(consoleQueueFlow);
