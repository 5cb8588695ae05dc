// `npm run -s mcp:conformance-client -- <server url>`: the library's MCP client (McpToolCallbackProvider) as the
// conformance suite runs a client (`conformance client --command "…"`: the URL comes last; the scenario's name in
// MCP_CONFORMANCE_SCENARIO, its context as JSON in MCP_CONFORMANCE_CONTEXT). It lists the server's tools and calls
// each with arguments from its input schema, answering elicitations with the schema's defaults. `auth/*` scenarios
// go to the OAuth client of test/e2e/mcp/conformance/client/auth-scenarios.ts. Exits 1 when the server cannot be
// used. Output on stdout, logs on stderr.
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ToolContext, ToolResult, type ToolElicitation } from 'nestjs-tool-calling';
import { McpToolCallbackProvider, StderrLogger } from 'nestjs-tool-calling/mcp';
import { argumentsFor, defaultsOf } from './client/conformance-arguments';

type AuthScenarioRunner = (url: string, scenario: string, context: unknown) => Promise<void>;

/** The OAuth engineer's runner, when it is there (test/e2e/mcp/conformance/client/auth-scenarios.ts). */
function authScenarioRunner(): AuthScenarioRunner {
  try {
    return (require('./client/auth-scenarios') as { runAuthScenario: AuthScenarioRunner }).runAuthScenario;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    return () =>
      Promise.reject(new Error('auth/* scenarios: not implemented (client/auth-scenarios.ts is absent)'));
  }
}

function serverUrl(): string {
  const given = process.argv[process.argv.length - 1];
  try {
    const url = new URL(given);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Said below.
  }
  throw new Error(
    `usage: npm run -s mcp:conformance-client -- <http(s) server url> (got ${JSON.stringify(given)})`,
  );
}

async function main(): Promise<void> {
  const url = serverUrl();
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const context: unknown = process.env.MCP_CONFORMANCE_CONTEXT
    ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT)
    : undefined;
  if (scenario?.startsWith('auth/')) return authScenarioRunner()(url, scenario, context);

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
    servers: { conformance: { url } },
    requestTimeoutMs: 20_000,
    retryDelayMs: 500,
  });
  try {
    const tools = await provider.getToolCallbacks();
    if (tools.length === 0 && warnings.length > 0)
      throw new Error(`the server cannot be used: ${warnings[0]}`);
    process.stdout.write(
      `tools: ${tools.map((tool) => tool.getToolDefinition().name).join(', ') || '(none)'}\n`,
    );
    for (const tool of tools) {
      const { name, inputSchema } = tool.getToolDefinition();
      const callContext = ToolContext.of({})
        .withElicitor((question: ToolElicitation) => {
          process.stdout.write(`${name} asks: ${question.message}\n`);
          return Promise.resolve({ action: 'accept', content: defaultsOf(question.requestedSchema) });
        })
        .withProgressSink(
          (update) => void process.stdout.write(`${name} progress: ${JSON.stringify(update)}\n`),
        )
        .withLogSink((message) => void process.stdout.write(`${name} log: ${JSON.stringify(message)}\n`));
      try {
        const result = await tool.call(JSON.stringify(argumentsFor(inputSchema)), callContext);
        process.stdout.write(`${name}: ${ToolResult.textOf(result).slice(0, 200)}\n`);
      } catch (error) {
        // A tool reporting an error is an answer too (the tools_call scenarios include one).
        process.stdout.write(`${name} failed: ${(error as Error).message.slice(0, 200)}\n`);
      }
    }
  } finally {
    await provider.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
