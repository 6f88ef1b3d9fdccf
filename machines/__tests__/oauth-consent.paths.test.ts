import { describeFlow } from './flow.ts';
import { oauthConsentFlow } from './oauth-consent.expect.ts';

describeFlow(oauthConsentFlow);
