import { describeFlow } from './flow.ts';
import { signOutFlow } from './sign-out.expect.ts';

describeFlow(signOutFlow);
