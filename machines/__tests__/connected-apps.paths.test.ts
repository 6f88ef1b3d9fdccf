import { describeFlow } from './flow.ts';
import { connectedAppsFlow } from './connected-apps.expect.ts';

describeFlow(connectedAppsFlow);
