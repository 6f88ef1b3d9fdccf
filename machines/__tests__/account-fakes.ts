/** Fakes shared by the account machines' model tests. */
import { fromPromise } from 'xstate';

/** A request that never settles: the model sends the done/error events itself. */
export const never = () => new Promise<never>(() => {});

/** Actor logic that never settles, assignable to any provided actor. */
export const stuck = () => fromPromise(never) as never;

/** The shape account actors reject with (src/services/account/*.ts). */
export function apiError(status: number, code: string, message: string, body: Record<string, unknown> = {}) {
  return {
    status,
    code,
    message,
    ...(typeof body.messageId === 'string' ? { messageId: body.messageId } : {}),
    ...(typeof body.field === 'string' ? { field: body.field } : {}),
    body: { code, message, ...body },
  };
}

export const serverDown = apiError(500, 'UNEXPECTED_ERROR', 'Something went wrong. Please try again.');
