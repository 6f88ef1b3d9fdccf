import * as v from 'valibot';

export const SessionMetadata = v.object({
  signedIn: v.boolean(),
  user: v.nullable(v.object({ exId: v.string(), firstName: v.string(), lastName: v.string(), email: v.string() })),
  /** when the current session last passed a second-factor check (ISO time), for routes needing a recent one */
  mfaVerifiedAt: v.nullable(v.string()),
  /**
   * the short numbers of the stores whose barista console this user may open (issue 29, docs/order-status.md 3.5;
   * `staff_members`); empty for customers. Only for the header's 'Store orders' link: the server checks the role
   * again at every console call. Optional on the wire (older answers), always an array after parsing.
   */
  staffStores: v.optional(v.array(v.string()), []),
});
export type SessionMetadata = v.InferOutput<typeof SessionMetadata>;
