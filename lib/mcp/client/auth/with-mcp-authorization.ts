import { McpAuthorizationRequiredError } from '../../../errors/mcp-authorization-required.error';
import type { McpOAuthClientProvider } from './mcp-oauth-client.provider';

/** How many times one request is sent again after an authorization completed inline (step-ups included). */
export const MCP_AUTHORIZATION_ROUNDS = 3;

/**
 * Runs `attempt` (a connect, a request) on a transport that has `provider` as its `authProvider`. The SDK's
 * transport refuses the request that started an authorization code flow even when the app's `onAuthorizationUrl`
 * brought the code back at once; then the request is sent again, at most `rounds` times in all. When the user was
 * sent away to authorize, an `McpAuthorizationRequiredError`; an authorization failure, an `McpAuthorizationError`.
 */
export async function withMcpAuthorization<T>(
  provider: McpOAuthClientProvider,
  attempt: () => Promise<T>,
  rounds = MCP_AUTHORIZATION_ROUNDS,
): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (error) {
      if (round < rounds && provider.takeInlineAuthorization()) continue;
      if (provider.awaitingRedirect) throw new McpAuthorizationRequiredError(provider.server.name);
      throw provider.toError(error);
    }
  }
}
