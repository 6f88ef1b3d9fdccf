import { describeFlow } from './flow.ts';
import { hotelPartnerFlow } from './hotel-partner.expect.ts';

describeFlow(hotelPartnerFlow);
