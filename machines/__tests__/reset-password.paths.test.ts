import { describeFlow } from './flow.ts';
import { resetPasswordFlow } from './reset-password.expect.ts';

describeFlow(resetPasswordFlow);
