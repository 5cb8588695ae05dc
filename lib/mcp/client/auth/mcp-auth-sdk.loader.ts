import { requireOptional } from '../../../util/optional-require';

/** The MCP SDK v2 client module (an optional peer), loaded on the first OAuth use only. */
export type McpClientSdk = typeof import('@modelcontextprotocol/client');

export function loadMcpClientSdk(): McpClientSdk {
  return requireOptional<McpClientSdk>('@modelcontextprotocol/client', 'MCP client OAuth');
}
