import { describeFlow } from './flow.ts';
import { reauthFlow } from './reauth.expect.ts';

describeFlow(reauthFlow);
