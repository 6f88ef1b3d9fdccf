import { describeFlow } from './flow.ts';
import { ssoFlow } from './sso.expect.ts';

describeFlow(ssoFlow);
