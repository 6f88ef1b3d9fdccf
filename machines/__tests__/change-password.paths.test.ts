import { describeFlow } from './flow.ts';
import { changePasswordFlow } from './change-password.expect.ts';

describeFlow(changePasswordFlow);
