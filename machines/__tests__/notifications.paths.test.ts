import { describeFlow } from './flow.ts';
import { notificationsFlow } from './notifications.expect.ts';

describeFlow(notificationsFlow);
