import { describeFlow } from './flow.ts';
import { signInFlow } from './sign-in.expect.ts';

describeFlow(signInFlow);
