import { describeFlow } from './flow.ts';
import { cookiePreferencesFlow } from './cookie-preferences.expect.ts';

describeFlow(cookiePreferencesFlow);
