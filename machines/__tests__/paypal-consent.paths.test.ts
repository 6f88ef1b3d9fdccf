import { describeFlow } from './flow.ts';
import { paypalConsentFlow } from './paypal-consent.expect.ts';

describeFlow(paypalConsentFlow);
