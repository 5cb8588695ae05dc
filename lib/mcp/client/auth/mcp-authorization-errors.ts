import { McpAuthorizationError } from '../../../errors/mcp-authorization.error';
import { ToolCallingError } from '../../../errors/tool-calling.error';
import type { McpClientSdk } from './mcp-auth-sdk.loader';
import { redact } from './mcp-auth-secrets';

// The SDK marks every error that escaped its transport's auth seam (discovery, registration, token requests).
const AUTH_SEAM = Symbol.for('mcp.authSeamEscape');

/**
 * `error` as an `McpAuthorizationError` when it is an authorization failure (the SDK's OAuth errors, a refused
 * token, a step-up that hit its limit, anything that escaped the SDK's auth seam); other errors unchanged. The text
 * keeps the SDK's reason with every secret cut out.
 */
export function toMcpAuthorizationError(
  sdk: McpClientSdk,
  serverName: string,
  error: unknown,
  secrets: readonly string[],
): unknown {
  if (error instanceof ToolCallingError) return error;
  if (!(error instanceof Error)) return error;
  const oauth = sdk.OAuthError.isInstance(error) ? error : undefined;
  const isAuthFailure =
    oauth !== undefined ||
    sdk.OAuthClientFlowError.isInstance(error) ||
    sdk.UnauthorizedError.isInstance(error) ||
    (error as unknown as Record<symbol, unknown>)[AUTH_SEAM] === true;
  if (!isAuthFailure) return error;
  const reason = redact(error.message || error.name, secrets);
  return new McpAuthorizationError(serverName, reason, oauth?.code);
}
