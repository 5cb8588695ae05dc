// `npm run -s mcp:conformance-client -- <server url>`: the library's MCP client (McpToolCallbackProvider) as the
// conformance suite runs a client (`conformance client --command "…"`: the URL comes last; the scenario's name in
// MCP_CONFORMANCE_SCENARIO, its context as JSON in MCP_CONFORMANCE_CONTEXT). It lists the server's tools and calls
// each with arguments from its input schema, answering elicitations with the schema's defaults; for an `auth/*`
// scenario the server gets the `auth` the scenario calls for (client/auth-scenarios.ts). Exits 1 when the server
// cannot be used or the authorization fails. Output on stdout, logs on stderr.
import 'reflect-metadata';
import { runAuthScenario } from './client/auth-scenarios';
import { runLibraryClient } from './client/library-client.run';

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
  const write = (line: string) => void process.stdout.write(`${line}\n`);
  if (scenario?.startsWith('auth/')) await runAuthScenario(url, scenario, context, write);
  else await runLibraryClient(url, undefined, write);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
