import * as v from 'valibot';

/**
 * Third-party app consent (spec 2 sections 2-7; issue 11; docs/consent.md): the browser-facing calls of
 * /oauth/authorize (POST /apiproxy/v1/oauth/authorize/status and POST /apiproxy/v1/oauth/authorize), the member's
 * connected apps, and the OAuth 2.0 back channel (token, revocation, the third-party read API).
 */
export const OAUTH_SCOPES = ['account', 'card', 'payment', 'rewards'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** The texts of the consent screen (spec 2 sections 2, 5, 8); "not shown" texts are ours (docs/consent.md). */
export const ConsentMessages = {
  /** spec 2 section 2: 'Give access to your account?' (the real text names the product) */
  heading: (product: string) => `Give access to your ${product} account?`,
  loading: 'Loading…',
  intro: (clientName: string) => `By granting ${clientName} access to your account, this application will be able to:`,
  missingDetails: 'Authorization details are missing or incomplete.',
  missingRedirect: 'Redirect URI is missing in the response.',
  cancel: 'Cancel',
  confirm: 'Confirm',
  errorTitle: 'Something went wrong',
  alreadyAuthorized: (clientName: string) => `You already gave ${clientName} access. Taking you back…`,
  invalidRequest: 'This application sent a request we cannot accept. Go back to the application and try again.',
} as const;

/** What each scope lets an app do (spec 2 section 6: account (profile), card (transactions), payment (methods), rewards). */
export const CLAIM_TEXTS: Record<OAuthScope, string> = {
  account: 'See your profile: your name and email address',
  card: 'See your cards, their balances and transactions',
  payment: 'See your payment methods (never the card numbers)',
  rewards: 'See your Stars balance',
};

export const Claim = v.object({ scope: v.picklist(OAUTH_SCOPES), description: v.string() });
export type Claim = v.InferOutput<typeof Claim>;

export const AuthorizeStatus = v.object({
  authorized: v.boolean(),
  /** authorized: where to go now (with the code); else the validated redirect URI (Cancel goes there) */
  redirectUri: v.nullable(v.string()),
  clientId: v.string(),
  clientName: v.string(),
  clientImage: v.string(),
  responseType: v.string(),
  scope: v.string(),
  state: v.nullable(v.string()),
  claims: v.array(Claim),
});
export type AuthorizeStatus = v.InferOutput<typeof AuthorizeStatus>;

export const AuthorizeResponse = v.object({ redirectUri: v.optional(v.nullable(v.string())) });
export type AuthorizeResponse = v.InferOutput<typeof AuthorizeResponse>;

/** GET /apiproxy/v1/account/connected-apps */
export const ConnectedApp = v.object({ clientId: v.string(), clientName: v.string(), clientImage: v.string(), scopes: v.array(v.picklist(OAUTH_SCOPES)), grantedAt: v.string() });
export type ConnectedApp = v.InferOutput<typeof ConnectedApp>;
export const ConnectedApps = v.object({ apps: v.array(ConnectedApp) });
export type ConnectedApps = v.InferOutput<typeof ConnectedApps>;

// What the server validates (the authorize calls' requests, the token and revocation endpoints, the error codes) is
// contracts/oauth-requests.ts: the pages load this module, and a schema here is in their chunks whether used or not
// (docs/architecture.md#performance). The client uses the requests' types only.
export type { AuthorizeRequest, AuthorizeStatusRequest } from './oauth-requests.ts';
