import { All, Controller, Inject, Req, Res, UseGuards, type CanActivate, type Type } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpHttpEndpoint } from './mcp-http.endpoint';

/**
 * The controller of the MCP endpoint, made for the configured path with the configured guards and decorators: a
 * real Nest route, so the global prefix, global guards, interceptors and the app's authentication apply to it.
 */
export function createMcpController(
  path: string,
  guards: readonly (Type<CanActivate> | CanActivate)[],
  decorators: readonly ClassDecorator[],
): Type {
  @Controller(path)
  class McpController {
    constructor(@Inject(McpHttpEndpoint) private readonly endpoint: McpHttpEndpoint) {}

    /** POST carries JSON-RPC messages; GET opens a session's notification stream; DELETE ends a session. */
    @All()
    handle(@Req() request: IncomingMessage, @Res() response: ServerResponse): Promise<void> {
      return this.endpoint.handle(request, response);
    }
  }
  if (guards.length > 0) UseGuards(...guards)(McpController);
  for (const decorator of decorators) decorator(McpController);
  return McpController;
}
