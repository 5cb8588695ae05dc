import { randomBytes } from 'node:crypto';
import type {
  AddClientAuthentication,
  FetchLike,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { McpAuthorizationError } from '../../../errors/mcp-authorization.error';
import { McpAuthMessages } from '../../../errors/messages/mcp-auth.messages';
import type { McpAuthorizationResponse, McpAuthServer, McpClientAuth } from './mcp-client-auth';
import { toMcpAuthorizationError } from './mcp-authorization-errors';
import { loadMcpClientSdk, type McpClientSdk } from './mcp-auth-sdk.loader';
import { configuredSecrets } from './mcp-auth-secrets';
import { InMemoryMcpTokenStore } from './in-memory-mcp-token-store';
import type { McpAuthSlot, McpTokenStore } from './mcp-token-store';

/** How long an authorization in progress (its state and PKCE verifier) waits for the redirect. */
export const MCP_AUTHORIZATION_PENDING_MS = 10 * 60_000;
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const DEFAULT_CLIENT_NAME = 'nestjs-tool-calling';

const SLOTS_OF: Record<'all' | 'client' | 'tokens' | 'verifier' | 'discovery', readonly McpAuthSlot[]> = {
  all: ['tokens', 'client', 'verifier', 'state', 'discovery'],
  client: ['client'],
  tokens: ['tokens'],
  verifier: ['verifier', 'state'],
  discovery: ['discovery'],
};

/** Options of an `McpOAuthClientProvider` beyond the server's `auth`. */
export interface McpOAuthClientProviderOptions {
  /** The fetch the OAuth requests made outside the transport use (the IdP exchange, `finishAuthorization`). */
  readonly fetch?: FetchLike;
}

/**
 * The MCP SDK's `OAuthClientProvider` for one server's `auth` settings: the SDK's transport drives discovery
 * (`WWW-Authenticate`, protected-resource and authorization-server metadata), registration, scopes and step-up; this
 * provider supplies the grant, the client's credentials and keeps what the flow needs in the `McpTokenStore`.
 */
export class McpOAuthClientProvider implements OAuthClientProvider {
  /** The client ID metadata document's URL, when configured. */
  readonly clientMetadataUrl?: string;
  /**
   * Keeps a registration the SDK made (dynamic, or a metadata-document URL); absent when the credentials are
   * configured, so the SDK never replaces them and refuses to send them to another issuer than theirs.
   */
  readonly saveClientInformation?: (information: StoredOAuthClientInformation) => Promise<void>;
  /** Signs a `private_key_jwt` client assertion, when the client authenticates with a key. */
  readonly addClientAuthentication?: AddClientAuthentication;
  private readonly store: McpTokenStore;
  private readonly sdk: McpClientSdk;
  private readonly secrets: readonly string[];
  private discoveredIssuer?: string;
  private discoveredResource?: string;
  private inlineAuthorizations = 0;
  private redirectPending = false;

  constructor(
    private readonly auth: McpClientAuth,
    /** The server this provider authorizes to. */
    readonly server: McpAuthServer,
    private readonly options: McpOAuthClientProviderOptions = {},
  ) {
    this.sdk = loadMcpClientSdk();
    this.store = auth.tokenStore ?? new InMemoryMcpTokenStore();
    this.secrets = configuredSecrets(auth);
    if (auth.type === 'authorization_code') this.clientMetadataUrl = auth.clientMetadataUrl;
    if (auth.type === 'authorization_code' && !auth.client)
      this.saveClientInformation = (information) =>
        this.store.set(this.server.name, 'client', { ...information });
    if (auth.type === 'client_credentials' && clientCredentialsMethod(auth) === 'private_key_jwt') {
      const key = auth.privateKey!;
      this.addClientAuthentication = this.sdk.createPrivateKeyJwtAuth({
        issuer: auth.clientId,
        subject: auth.clientId,
        privateKey: key.key,
        alg: key.algorithm,
      });
    }
  }

  /** The app's redirect endpoint (authorization code); undefined for the grants without a user. */
  get redirectUrl(): string | undefined {
    return this.auth.type === 'authorization_code' ? this.auth.redirectUrl : undefined;
  }

  /** This client's metadata, for dynamic registration and the grant's defaults. */
  get clientMetadata(): OAuthClientMetadata {
    const auth = this.auth;
    const common = {
      client_name: auth.clientName ?? DEFAULT_CLIENT_NAME,
      ...(auth.scope ? { scope: auth.scope } : {}),
    };
    switch (auth.type) {
      case 'authorization_code':
        return {
          ...common,
          redirect_uris: [auth.redirectUrl],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          ...(auth.client ? { token_endpoint_auth_method: preRegisteredMethod(auth.client) } : {}),
        };
      case 'client_credentials':
        return {
          ...common,
          redirect_uris: [],
          grant_types: ['client_credentials'],
          token_endpoint_auth_method: clientCredentialsMethod(auth),
        };
      case 'cross_app_access':
        return {
          ...common,
          redirect_uris: [],
          grant_types: [JWT_BEARER_GRANT],
          token_endpoint_auth_method: 'client_secret_basic',
        };
    }
  }

  /** A fresh random `state` for an authorization request, kept (ten minutes) to check the redirect against. */
  async state(): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    await this.store.set(this.server.name, 'state', state, MCP_AUTHORIZATION_PENDING_MS);
    return state;
  }

  /** The configured client, else the registration kept in the store. */
  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    const configured = this.configuredClient();
    if (configured) return configured;
    return (await this.store.get(this.server.name, 'client')) as StoredOAuthClientInformation | undefined;
  }

  /** The server's tokens from the store. */
  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.store.get(this.server.name, 'tokens')) as StoredOAuthTokens | undefined;
  }

  /** Keeps new tokens: until `expires_in` when there is no refresh token, else until replaced. */
  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    // Without a refresh token the record is useless once the access token expires; with one it must outlive it.
    const ttlMs =
      tokens.refresh_token === undefined && typeof tokens.expires_in === 'number' && tokens.expires_in > 0
        ? tokens.expires_in * 1000
        : undefined;
    await this.store.set(this.server.name, 'tokens', { ...tokens }, ttlMs);
  }

  /** Hands the authorization URL to the app's `onAuthorizationUrl`, and finishes at once when it brings the code. */
  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (this.auth.type !== 'authorization_code') return;
    const response = await this.auth.onAuthorizationUrl(authorizationUrl, this.server);
    if (!response) {
      this.redirectPending = true;
      return;
    }
    await this.finishAuthorization(response);
    this.inlineAuthorizations++;
  }

  /** Keeps the PKCE verifier of the authorization in progress (ten minutes). */
  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.store.set(this.server.name, 'verifier', codeVerifier, MCP_AUTHORIZATION_PENDING_MS);
  }

  /** The PKCE verifier of the authorization in progress; an `McpAuthorizationError` when there is none. */
  async codeVerifier(): Promise<string> {
    const verifier = await this.store.get(this.server.name, 'verifier');
    if (verifier === undefined)
      throw new McpAuthorizationError(this.server.name, McpAuthMessages.noAuthorizationInProgress());
    return verifier;
  }

  /** Keeps what discovery found, so that the code is redeemed at the authorization server that issued it. */
  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.store.set(this.server.name, 'discovery', { ...state });
  }

  /** What discovery found, from the store. */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.store.get(this.server.name, 'discovery')) as OAuthDiscoveryState | undefined;
  }

  /** Forgets what the server said is no longer valid. */
  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    await this.store.delete(this.server.name, SLOTS_OF[scope]);
  }

  /** Called by the SDK after discovery: the issuer of the server's authorization server. */
  saveAuthorizationServerUrl(url: string): void {
    this.discoveredIssuer = url;
  }

  /** Called by the SDK after discovery: the resource indicator of the server (RFC 8707). */
  saveResourceUrl(url: string): void {
    this.discoveredResource = url;
  }

  /** The token request of the grant: client credentials or jwt-bearer; the SDK's default for the authorization code. */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    const auth = this.auth;
    if (auth.type === 'authorization_code') return undefined;
    const params = new URLSearchParams();
    if (auth.type === 'client_credentials') params.set('grant_type', 'client_credentials');
    else {
      params.set('grant_type', JWT_BEARER_GRANT);
      params.set('assertion', await this.jwtAuthorizationGrant(auth, scope));
    }
    if (scope) params.set('scope', scope);
    return params;
  }

  /**
   * Completes an authorization with what the redirect brought: checks its `state` against the one sent, redeems the
   * code (PKCE) and keeps the tokens. For the app's redirect endpoint; the server's next connection uses them.
   */
  async finishAuthorization(response: McpAuthorizationResponse): Promise<void> {
    try {
      const sent = await this.store.get(this.server.name, 'state');
      if (sent === undefined)
        throw new McpAuthorizationError(this.server.name, McpAuthMessages.noAuthorizationInProgress());
      if (response.state !== sent)
        throw new McpAuthorizationError(this.server.name, McpAuthMessages.stateMismatch());
      await this.store.delete(this.server.name, ['state']);
      const result = await this.sdk.auth(this, {
        serverUrl: this.server.url,
        authorizationCode: response.code,
        iss: response.iss,
        fetchFn: this.options.fetch,
        skipIssuerMetadataValidation: this.auth.skipIssuerMetadataValidation,
      });
      if (result !== 'AUTHORIZED')
        throw new McpAuthorizationError(this.server.name, McpAuthMessages.notAuthorized(result));
      this.redirectPending = false;
    } catch (error) {
      throw this.toError(error, [response.code]);
    } finally {
      await this.store.delete(this.server.name, ['verifier']);
    }
  }

  /**
   * Once per authorization `onAuthorizationUrl` completed inline: true when the request that the transport refused
   * with `UnauthorizedError` (it cannot know the code came back meanwhile) may be sent again with the new tokens.
   */
  takeInlineAuthorization(): boolean {
    if (this.inlineAuthorizations === 0) return false;
    this.inlineAuthorizations--;
    return true;
  }

  /** Whether the transport must accept metadata naming another issuer (the `auth` setting of that name). */
  get skipIssuerMetadataValidation(): boolean {
    return this.auth.skipIssuerMetadataValidation === true;
  }

  /** Whether the user was sent to authorize and the redirect endpoint has not finished it yet. */
  get awaitingRedirect(): boolean {
    return this.redirectPending;
  }

  /** `error` as the library's typed error when it is an authorization failure; with no secret in its text. */
  toError(error: unknown, extraSecrets: readonly string[] = []): unknown {
    return toMcpAuthorizationError(this.sdk, this.server.name, error, [...this.secrets, ...extraSecrets]);
  }

  private configuredClient(): OAuthClientInformationMixed | undefined {
    const auth = this.auth;
    if (auth.type === 'authorization_code') {
      if (!auth.client) return undefined;
      return {
        client_id: auth.client.clientId,
        ...(auth.client.clientSecret ? { client_secret: auth.client.clientSecret } : {}),
        token_endpoint_auth_method: preRegisteredMethod(auth.client),
        ...(auth.client.issuer ? { issuer: auth.client.issuer } : {}),
      };
    }
    if (auth.type === 'client_credentials') {
      const method = clientCredentialsMethod(auth);
      return {
        client_id: auth.clientId,
        ...(method !== 'private_key_jwt' && auth.clientSecret ? { client_secret: auth.clientSecret } : {}),
        token_endpoint_auth_method: method,
        ...(auth.issuer ? { issuer: auth.issuer } : {}),
      };
    }
    return {
      client_id: auth.clientId,
      client_secret: auth.clientSecret,
      token_endpoint_auth_method: 'client_secret_basic',
      ...(auth.issuer ? { issuer: auth.issuer } : {}),
    };
  }

  private async jwtAuthorizationGrant(
    auth: Extract<McpClientAuth, { type: 'cross_app_access' }>,
    scope: string | undefined,
  ): Promise<string> {
    if (!this.discoveredIssuer || !this.discoveredResource)
      throw new McpAuthorizationError(
        this.server.name,
        McpAuthMessages.missingCredential(
          'cross-app access',
          'the server to publish its protected-resource metadata (RFC 9728)',
        ),
      );
    const idp = auth.identityProvider;
    const grant = await this.sdk.requestJwtAuthorizationGrant({
      tokenEndpoint: idp.tokenEndpoint,
      audience: this.discoveredIssuer,
      resource: this.discoveredResource,
      idToken: await idp.idToken(),
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scope,
      fetchFn: this.options.fetch,
    });
    return grant.jwtAuthGrant;
  }
}

function preRegisteredMethod(client: {
  readonly clientSecret?: string;
  readonly tokenEndpointAuthMethod?: string;
}): string {
  return client.tokenEndpointAuthMethod ?? (client.clientSecret ? 'client_secret_basic' : 'none');
}

function clientCredentialsMethod(
  auth: Extract<McpClientAuth, { type: 'client_credentials' }>,
): 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' {
  return auth.tokenEndpointAuthMethod ?? (auth.privateKey ? 'private_key_jwt' : 'client_secret_basic');
}
