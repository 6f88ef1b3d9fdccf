import { describeFlow } from './flow.ts';
import { curbsideFlow } from './curbside.expect.ts';

describeFlow(curbsideFlow);
