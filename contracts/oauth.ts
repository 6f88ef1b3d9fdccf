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

export const OAuthErrorCodes = {
  invalidClient: 'INVALID_CLIENT',
  invalidRedirectUri: 'INVALID_REDIRECT_URI',
  invalidScope: 'INVALID_SCOPE',
  unsupportedResponseType: 'UNSUPPORTED_RESPONSE_TYPE',
  invalidRequest: 'INVALID_REQUEST',
} as const;

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const ClientId = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{2,63}$/, 'must be a registered client id'));
/** space-separated scopes (RFC 6749 section 3.3) */
export const ScopeString = v.pipe(v.string(), v.maxLength(200), v.regex(/^([a-z]+( [a-z]+)*)?$/, 'must be space-separated scope names'));
/** RFC 7636: S256 challenge, base64url of a SHA-256 (43 characters) */
export const CodeChallenge = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 (43 characters)'));
export const CodeVerifier = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43 to 128 unreserved characters'));

export const Claim = v.object({ scope: v.picklist(OAUTH_SCOPES), description: v.string() });
export type Claim = v.InferOutput<typeof Claim>;

/** What both authorize calls carry besides the redirect URI: the client, the grant asked for and the PKCE challenge. */
const AuthorizeParams = {
  clientId: ClientId,
  responseType: Text(40),
  scope: v.optional(ScopeString),
  state: v.optional(Text(500)),
  codeChallenge: v.optional(CodeChallenge),
  codeChallengeMethod: v.optional(Text(10)),
};

/** POST /apiproxy/v1/oauth/authorize/status (spec 2 section 7), plus the PKCE challenge (issue 11). */
export const AuthorizeStatusRequest = v.object({ ...AuthorizeParams, requestRedirectUri: Text(2000) });
export type AuthorizeStatusRequest = v.InferOutput<typeof AuthorizeStatusRequest>;

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

/** POST /apiproxy/v1/oauth/authorize (spec 2 section 7), plus the PKCE challenge. */
export const AuthorizeRequest = v.object({ ...AuthorizeParams, redirectUri: Text(2000) });
export type AuthorizeRequest = v.InferOutput<typeof AuthorizeRequest>;
export const AuthorizeResponse = v.object({ redirectUri: v.optional(v.nullable(v.string())) });
export type AuthorizeResponse = v.InferOutput<typeof AuthorizeResponse>;

/** GET /apiproxy/v1/account/connected-apps */
export const ConnectedApp = v.object({ clientId: v.string(), clientName: v.string(), clientImage: v.string(), scopes: v.array(v.picklist(OAUTH_SCOPES)), grantedAt: v.string() });
export type ConnectedApp = v.InferOutput<typeof ConnectedApp>;
export const ConnectedApps = v.object({ apps: v.array(ConnectedApp) });
export type ConnectedApps = v.InferOutput<typeof ConnectedApps>;
export const ConnectedAppParams = v.object({ clientId: ClientId });

/** POST /oauth2/token (RFC 6749 section 4.1.3 with RFC 7636): form-encoded or JSON */
export const TokenRequest = v.object({
  grant_type: v.literal('authorization_code', 'must be authorization_code'),
  code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'is not a code we issued')),
  redirect_uri: Text(2000),
  client_id: ClientId,
  code_verifier: CodeVerifier,
});
export const TokenResponse = v.object({ access_token: v.string(), token_type: v.literal('Bearer'), expires_in: v.number(), scope: v.string() });
export type TokenResponse = v.InferOutput<typeof TokenResponse>;

/** POST /oauth2/revoke (RFC 7009) */
export const RevokeRequest = v.object({
  token: v.pipe(v.string(), v.maxLength(200)),
  token_type_hint: v.optional(Text(40)),
  client_id: ClientId,
});
