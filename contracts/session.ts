import * as v from 'valibot';

export const SessionMetadata = v.object({
  signedIn: v.boolean(),
  user: v.nullable(v.object({ exId: v.string(), firstName: v.string(), lastName: v.string(), email: v.string() })),
  /** when the current session last passed a second-factor check (ISO time), for routes needing a recent one */
  mfaVerifiedAt: v.nullable(v.string()),
});
export type SessionMetadata = v.InferOutput<typeof SessionMetadata>;
