/** create-customer-arrival (curbside check-in): the page needs only to know it was recorded. */
import { graphql } from '../../graphql/graphql.ts';
import * as v from 'valibot';
import type { ArrivalRequest } from '../../../machines/curbside.machine.ts';
import { graphqlOperation } from '../graphql.ts';

export const documents = {
  'create-customer-arrival': graphql(`mutation CreateCustomerArrival($input: CustomerArrivalInput!) { createCustomerArrival(input: $input) { arrivalId } }`),
};
export const answers = { 'create-customer-arrival': v.object({ createCustomerArrival: v.object({ arrivalId: v.string() }) }) };

export const createCustomerArrival = async (input: ArrivalRequest, signal?: AbortSignal) =>
  (await graphqlOperation(documents['create-customer-arrival'], { input }, answers['create-customer-arrival'], signal)).createCustomerArrival;
