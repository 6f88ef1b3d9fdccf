import { describeFlow } from './flow.ts';
import { changeEmailFlow } from './change-email.expect.ts';

describeFlow(changeEmailFlow);
