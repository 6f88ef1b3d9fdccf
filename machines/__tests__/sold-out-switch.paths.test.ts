import { describeFlow } from './flow.ts';
import { soldOutSwitchFlow } from './sold-out-switch.expect.ts';

describeFlow(soldOutSwitchFlow);
