import * as v from 'valibot';

/**
 * Third-party app consent, what the server validates (docs/consent.md): the requests of /oauth/authorize's two calls,
 * the connected-apps parameter, the OAuth 2.0 back channel (token, revocation) and the error codes. Apart from
 * contracts/oauth.ts (answers, scopes, texts), which the consent and settings pages load: a schema there is in their
 * chunks whether they use it or not (docs/architecture.md#performance).
 */
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

/** POST /apiproxy/v1/oauth/authorize (spec 2 section 7), plus the PKCE challenge. */
export const AuthorizeRequest = v.object({ ...AuthorizeParams, redirectUri: Text(2000) });
export type AuthorizeRequest = v.InferOutput<typeof AuthorizeRequest>;

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
