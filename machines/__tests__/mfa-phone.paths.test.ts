import { describeFlow } from './flow.ts';
import { mfaPhoneFlow } from './mfa-phone.expect.ts';

describeFlow(mfaPhoneFlow);
