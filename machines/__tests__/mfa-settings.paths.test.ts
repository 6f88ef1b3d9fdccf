import { describeFlow } from './flow.ts';
import { mfaSettingsFlow } from './mfa-settings.expect.ts';

describeFlow(mfaSettingsFlow);
