import type { McpTokenStore } from './mcp-token-store';

/** The MCP server an authorization is for, as the client's options name it. */
export interface McpAuthServer {
  /** The server's name in the options. */
  readonly name: string;
  /** Its endpoint, `http(s)://…/mcp`: the protected resource. */
  readonly url: string;
}

/**
 * What the authorization server sent back to the redirect URL: the `code`, and the `state` and `iss` query parameters
 * when present (the state is checked against the one sent; `iss` against the authorization server's issuer).
 */
export interface McpAuthorizationResponse {
  /** The authorization code. Never logged nor shown in an error. */
  readonly code: string;
  /** The `state` parameter of the redirect. */
  readonly state?: string;
  /** The `iss` parameter of the redirect (RFC 9207). */
  readonly iss?: string;
}

/** A client registered with the authorization server beforehand (no dynamic registration). */
export interface McpPreRegisteredClient {
  /** Its `client_id`. */
  readonly clientId: string;
  /** Its `client_secret`, for a confidential client. Never logged nor shown in an error. */
  readonly clientSecret?: string;
  /**
   * How it authenticates at the token endpoint.
   * @defaultValue `client_secret_basic` with a secret, `none` without
   */
  readonly tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'none';
  /**
   * The `issuer` of the authorization server these credentials were registered with: they are sent to no other
   * (SEP-2352). Without it they go to whichever authorization server the MCP server names, and the SDK warns.
   */
  readonly issuer?: string;
}

/** Settings every kind of MCP authorization has. */
export interface McpClientAuthBase {
  /**
   * The scope to ask for when the server's `WWW-Authenticate` challenge names none and its protected-resource
   * metadata lists no `scopes_supported` (those come first, as the MCP spec says).
   */
  readonly scope?: string;
  /**
   * Where tokens, client registrations and the PKCE verifier of this server are kept.
   * @defaultValue an in-memory store of this provider (lost on restart; one process)
   */
  readonly tokenStore?: McpTokenStore;
  /**
   * The `client_name` of the client's metadata (dynamic registration, metadata document).
   * @defaultValue `nestjs-tool-calling`
   */
  readonly clientName?: string;
  /**
   * Accept authorization-server metadata whose `issuer` is not the URL it was fetched from (RFC 8414 §3.3). Weakens
   * the mix-up defence: only for a server of the 2025-03-26 revision (no protected-resource metadata) whose
   * authorization server is known to publish another issuer. The transport must get it too (its
   * `skipIssuerMetadataValidation` option).
   * @defaultValue false
   */
  readonly skipIssuerMetadataValidation?: boolean;
}

/**
 * OAuth 2.1 authorization code with PKCE, for a user of the app: the user is sent to `onAuthorizationUrl`'s URL and
 * the code comes back to `redirectUrl`. The client is the pre-registered `client`, or a client ID metadata document
 * at `clientMetadataUrl` where the authorization server supports it, or else registers itself dynamically.
 */
export interface McpAuthorizationCodeAuth extends McpClientAuthBase {
  /** Discriminates the kinds. */
  readonly type: 'authorization_code';
  /** Where the authorization server sends the user back with the code (an endpoint of the app). */
  readonly redirectUrl: string;
  /** A client registered beforehand; without it the client uses `clientMetadataUrl` or registers itself. */
  readonly client?: McpPreRegisteredClient;
  /**
   * The HTTPS URL of this client's metadata document (SEP-991), used as its `client_id` where the authorization
   * server says `client_id_metadata_document_supported`.
   */
  readonly clientMetadataUrl?: string;
  /**
   * Called with the URL to send the user to. Resolve with the redirect's parameters when the app can wait for them
   * here (a desktop or test flow); resolve with nothing when the app's redirect endpoint will receive them and call
   * the provider's `finishAuthorization` (a web app).
   */
  readonly onAuthorizationUrl: (
    authorizationUrl: URL,
    server: McpAuthServer,
  ) => McpAuthorizationResponse | void | Promise<McpAuthorizationResponse | void>;
}

/** A private key for `private_key_jwt` client authentication (RFC 7523): the client signs its own assertion. */
export interface McpClientPrivateKey {
  /** PEM (PKCS#8) text or a JWK. Never logged nor shown in an error. */
  readonly key: string | Readonly<Record<string, unknown>>;
  /** The JWS algorithm (`RS256`, `ES256`…). */
  readonly algorithm: string;
}

/**
 * OAuth client credentials, service to service: no user, no redirect. The client authenticates with a secret
 * (`client_secret_basic` or `client_secret_post`) or with a key (`private_key_jwt`).
 */
export interface McpClientCredentialsAuth extends McpClientAuthBase {
  /** Discriminates the kinds. */
  readonly type: 'client_credentials';
  /** The registered `client_id`. */
  readonly clientId: string;
  /** The `client_secret` (with `client_secret_basic` or `client_secret_post`). Never logged nor shown in an error. */
  readonly clientSecret?: string;
  /** The key (with `private_key_jwt`). */
  readonly privateKey?: McpClientPrivateKey;
  /**
   * How the client authenticates at the token endpoint.
   * @defaultValue `private_key_jwt` with a key, else `client_secret_basic`
   */
  readonly tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
  /**
   * The `issuer` of the authorization server these credentials were registered with: they are sent to no other
   * (SEP-2352). Without it they go to whichever authorization server the MCP server names, and the SDK warns.
   */
  readonly issuer?: string;
}

/** What the app's identity provider needs to turn the user's ID token into a JWT authorization grant (RFC 8693). */
export interface McpIdentityProvider {
  /** The IdP's token endpoint. */
  readonly tokenEndpoint: string;
  /** This app's `client_id` at the IdP. */
  readonly clientId: string;
  /** This app's `client_secret` at the IdP. Never logged nor shown in an error. */
  readonly clientSecret?: string;
  /** The signed-in user's ID token, from the app's own sign-in. Never logged nor shown in an error. */
  readonly idToken: () => string | Promise<string>;
}

/**
 * Cross-app access (enterprise-managed authorization, SEP-990): the user's ID token from the enterprise IdP is
 * exchanged for a JWT authorization grant (ID-JAG), which the MCP server's authorization server trades for an
 * access token (RFC 7523 jwt-bearer), the client authenticating with its secret (`client_secret_basic`).
 */
export interface McpCrossAppAccessAuth extends McpClientAuthBase {
  /** Discriminates the kinds. */
  readonly type: 'cross_app_access';
  /** The `client_id` at the MCP server's authorization server. */
  readonly clientId: string;
  /** The `client_secret` there. Never logged nor shown in an error. */
  readonly clientSecret: string;
  /** Where the grant comes from: the IdP to exchange the user's ID token with. */
  readonly identityProvider: McpIdentityProvider;
  /**
   * The `issuer` of the authorization server these credentials were registered with: they are sent to no other
   * (SEP-2352). Without it they go to whichever authorization server the MCP server names, and the SDK warns.
   */
  readonly issuer?: string;
}

/** How the client authorizes itself to one MCP server over HTTP (OAuth 2.1, through the MCP SDK's auth support). */
export type McpClientAuth = McpAuthorizationCodeAuth | McpClientCredentialsAuth | McpCrossAppAccessAuth;
