import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpAuthProvider } from '../../../../../lib/mcp/client/auth/mcp-auth-provider.factory';
import type {
  McpAuthorizationResponse,
  McpClientAuth,
} from '../../../../../lib/mcp/client/auth/mcp-client-auth';
import type { McpOAuthClientProvider } from '../../../../../lib/mcp/client/auth/mcp-oauth-client.provider';
import { withMcpAuthorization } from '../../../../../lib/mcp/client/auth/with-mcp-authorization';

// The suite's authorization server accepts any redirect URI and this client metadata URL (its CIMD scenarios).
const REDIRECT_URL = 'http://localhost:3000/callback';
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const FETCH_TIMEOUT_MS = 10_000;

/** What the suite gives a client-credentials or cross-app-access scenario (`MCP_CONFORMANCE_CONTEXT`). */
interface ScenarioContext {
  readonly client_id?: string;
  readonly client_secret?: string;
  readonly private_key_pem?: string;
  readonly signing_algorithm?: string;
  readonly idp_client_id?: string;
  readonly idp_id_token?: string;
  readonly idp_token_endpoint?: string;
}

/**
 * The conformance suite's authorization server approves at once: the authorization URL answers with a redirect to
 * the redirect URI, code and state in its query. Read it without following it, as a browser would be sent there.
 */
export async function approveAtConformanceServer(url: URL): Promise<McpAuthorizationResponse> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (!location) throw new Error(`the authorization URL answered ${response.status} without a redirect`);
  const redirect = new URL(location);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error('the redirect carries no code');
  return {
    code,
    state: redirect.searchParams.get('state') ?? undefined,
    iss: redirect.searchParams.get('iss') ?? undefined,
  };
}

/** The library's `auth` settings a scenario calls for, from its name and the context the suite gives. */
export function authForScenario(scenario: string, context: unknown): McpClientAuth {
  const given = (context ?? {}) as ScenarioContext;
  const required = (key: keyof ScenarioContext): string => {
    const value = given[key];
    if (typeof value !== 'string') throw new Error(`${scenario}: the suite gave no ${key}`);
    return value;
  };
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return {
        type: 'client_credentials',
        clientId: required('client_id'),
        clientSecret: required('client_secret'),
      };
    case 'auth/client-credentials-jwt':
      return {
        type: 'client_credentials',
        clientId: required('client_id'),
        privateKey: { key: required('private_key_pem'), algorithm: given.signing_algorithm ?? 'ES256' },
      };
    case 'auth/cross-app-access-complete-flow':
      return {
        type: 'cross_app_access',
        clientId: required('client_id'),
        clientSecret: required('client_secret'),
        identityProvider: {
          tokenEndpoint: required('idp_token_endpoint'),
          clientId: required('idp_client_id'),
          idToken: () => required('idp_id_token'),
        },
      };
    case 'auth/pre-registration':
      return {
        type: 'authorization_code',
        redirectUrl: REDIRECT_URL,
        client: { clientId: required('client_id'), clientSecret: required('client_secret') },
        onAuthorizationUrl: approveAtConformanceServer,
      };
    case 'auth/2025-03-26-oauth-metadata-backcompat':
      // A 2025-03-26 server: its authorization server's metadata, at the server's root, names the issuer /oauth.
      return { ...codeFlow(), skipIssuerMetadataValidation: true };
    default:
      return codeFlow();
  }
}

function codeFlow(): McpClientAuth {
  return {
    type: 'authorization_code',
    redirectUrl: REDIRECT_URL,
    clientMetadataUrl: CLIENT_METADATA_URL,
    onAuthorizationUrl: approveAtConformanceServer,
  };
}

/**
 * Connects to the suite's server for one `auth/*` scenario with the library's OAuth provider, lists the tools and
 * calls each: the calls are what the step-up scenarios guard with a wider scope.
 *
 * Until the MCP client moves to SDK v2, this drives the SDK v2 transport directly with `createMcpAuthProvider` (what
 * the library's client does with a server's `auth`); at that merge it becomes the library's client with `auth`.
 */
export async function runAuthScenario(serverUrl: string, scenario: string, context: unknown): Promise<void> {
  const provider = createMcpAuthProvider(authForScenario(scenario, context), {
    name: 'conformance',
    url: serverUrl,
  });
  const client = await withMcpAuthorization(provider, () => connect(serverUrl, provider));
  try {
    const { tools } = await withMcpAuthorization(provider, () => client.listTools());
    for (const tool of tools)
      await withMcpAuthorization(provider, () => client.callTool({ name: tool.name, arguments: {} }));
  } finally {
    await client.close();
  }
}

async function connect(serverUrl: string, provider: McpOAuthClientProvider): Promise<Client> {
  const client = new Client({ name: 'nestjs-tool-calling-conformance', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(serverUrl), {
    authProvider: provider,
    skipIssuerMetadataValidation: provider.skipIssuerMetadataValidation,
  });
  try {
    await client.connect(transport);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
