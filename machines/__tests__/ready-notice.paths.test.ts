import { describeFlow } from './flow.ts';
import { readyNoticeFlow } from './ready-notice.expect.ts';

describeFlow(readyNoticeFlow);
