import { describeFlow } from './flow.ts';
import { privacySettingsFlow } from './privacy-settings.expect.ts';

describeFlow(privacySettingsFlow);
