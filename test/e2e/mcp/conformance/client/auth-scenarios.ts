import type { McpAuthorizationResponse, McpClientAuth } from 'nestjs-tool-calling';
import { runLibraryClient } from './library-client.run';

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
 * Runs one `auth/*` scenario with the library's client (`McpToolCallbackProvider`, the server's `auth` set for the
 * scenario): it lists the tools and calls each, the calls being what the step-up scenarios guard with a wider
 * scope. Rejects when the authorization fails.
 */
export function runAuthScenario(
  serverUrl: string,
  scenario: string,
  context: unknown,
  write: (line: string) => void = (line) => void process.stdout.write(`${line}\n`),
): Promise<void> {
  return runLibraryClient(serverUrl, authForScenario(scenario, context), write);
}
