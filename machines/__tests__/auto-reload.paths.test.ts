import { describeFlow } from './flow.ts';
import { autoReloadFlow } from './auto-reload.expect.ts';

describeFlow(autoReloadFlow);
