// The client command the conformance suite runs for `auth/*` scenarios (`… client --command "<this>"`): the server
// URL is the last argument, the scenario and its context come in MCP_CONFORMANCE_SCENARIO and MCP_CONFORMANCE_CONTEXT.
import { runAuthScenario } from './auth-scenarios';

async function main(): Promise<void> {
  const serverUrl = process.argv.at(-1);
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  if (!serverUrl || !scenario)
    throw new Error('usage: auth-client.main.ts <server url> (MCP_CONFORMANCE_SCENARIO set)');
  const context: unknown = process.env.MCP_CONFORMANCE_CONTEXT
    ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT)
    : undefined;
  await runAuthScenario(serverUrl, scenario, context);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exit(1);
  },
);
