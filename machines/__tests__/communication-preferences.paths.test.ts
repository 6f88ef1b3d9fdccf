import { describeFlow } from './flow.ts';
import { communicationPreferencesFlow } from './communication-preferences.expect.ts';

describeFlow(communicationPreferencesFlow);
