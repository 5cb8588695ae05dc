import { Logger } from '@nestjs/common';
import {
  McpAuthorizationError,
  McpAuthorizationRequiredError,
  ToolContext,
  ToolResult,
  type McpClientAuth,
  type ToolElicitation,
} from 'nestjs-tool-calling';
import { McpToolCallbackProvider, StderrLogger } from 'nestjs-tool-calling/mcp';
import { argumentsFor, defaultsOf } from './conformance-arguments';

/**
 * What the conformance client does with the library's client (`McpToolCallbackProvider`, server `conformance` at
 * `url`, with `auth` when given): lists the tools and calls each with arguments from its input schema, answering
 * elicitations with the schema's defaults. A server that cannot be used, or an authorization that fails, rejects;
 * a tool that reports an error is an answer too (the tools_call scenario has one). Output goes to `write`.
 */
export async function runLibraryClient(
  url: string,
  auth: McpClientAuth | undefined,
  write: (line: string) => void,
): Promise<void> {
  const warnings: string[] = [];
  const stderr = new StderrLogger();
  Logger.overrideLogger({
    log: (message: unknown) => stderr.log(message),
    error: (message: unknown) => stderr.error(message),
    warn: (message: unknown) => {
      warnings.push(String(message));
      stderr.warn(message);
    },
    debug: () => undefined,
    verbose: () => undefined,
  });
  const provider = new McpToolCallbackProvider({
    servers: { conformance: { url, ...(auth && { auth }) } },
    requestTimeoutMs: 20_000,
    retryDelayMs: 500,
  });
  try {
    const tools = await provider.getToolCallbacks();
    if (tools.length === 0 && warnings.length > 0)
      throw new Error(`the server cannot be used: ${warnings[0]}`);
    write(`tools: ${tools.map((tool) => tool.getToolDefinition().name).join(', ') || '(none)'}`);
    for (const tool of tools) {
      const { name, inputSchema } = tool.getToolDefinition();
      const callContext = ToolContext.of({})
        .withElicitor((question: ToolElicitation) => {
          write(`${name} asks: ${question.message}`);
          return Promise.resolve({ action: 'accept', content: defaultsOf(question.requestedSchema) });
        })
        .withProgressSink((update) => write(`${name} progress: ${JSON.stringify(update)}`))
        .withLogSink((message) => write(`${name} log: ${JSON.stringify(message)}`));
      try {
        const result = await tool.call(JSON.stringify(argumentsFor(inputSchema)), callContext);
        write(`${name}: ${ToolResult.textOf(result).slice(0, 200)}`);
      } catch (error) {
        if (error instanceof McpAuthorizationError || error instanceof McpAuthorizationRequiredError)
          throw error;
        write(`${name} failed: ${(error as Error).message.slice(0, 200)}`);
      }
    }
  } finally {
    await provider.close();
  }
}
