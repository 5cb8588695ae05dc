'use strict';
// A client process: connects to the MCP server at argv[2], lists and calls a tool, closes the provider, and then
// has nothing left to do. The parent checks that it exits by itself.
require('reflect-metadata');
require('../../reliability/soak/register-ts.js');
const { join } = require('node:path');
const { McpToolCallbackProvider } = require(join(__dirname, '..', '..', '..', 'lib', 'mcp', 'index.ts'));

async function main() {
  const provider = new McpToolCallbackProvider({ servers: { s: { url: process.argv[2] } } });
  const callbacks = await provider.getToolCallbacks();
  const echo = callbacks.find((callback) => callback.getToolDefinition().name === 'echo');
  const result = await echo.call(JSON.stringify({ text: 'hi' }));
  process.stdout.write(`tools ${callbacks.length}; echo: ${result}\n`);
  // Time for the session's SSE (GET) stream to be open before close().
  await new Promise((resolve) => setTimeout(resolve, 200));
  await provider.close();
  process.stdout.write('closed\n');
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
