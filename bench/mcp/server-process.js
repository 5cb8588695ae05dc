'use strict';
/**
 * One MCP server of the comparison in its own process: `node server-process.js <server> <tool count>`. It tells
 * its parent the port once listening, then answers `cpu` with its `process.cpuUsage()` (µs, user + system) so that
 * the runner takes the server's CPU per call, not its own, and exits on `stop`.
 */
const { createTools } = require('./tools');

const SERVERS = {
  library: () => require('./servers/library').startLibraryServer,
  'mcp-nest': () => require('./servers/mcp-nest').startMcpNestServer,
  sdk: () => require('./servers/sdk').startSdkServer,
  'sdk-lean': () => (tools) => require('./servers/sdk').startSdkServer(tools, { lean: true }),
};

async function main() {
  const [name, count] = process.argv.slice(2);
  const start = SERVERS[name]?.();
  if (!start) throw new Error(`unknown server ${name}; known: ${Object.keys(SERVERS).join(', ')}`);
  const server = await start(createTools(Number(count)));
  process.on('message', async (message) => {
    if (message.cmd === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ type: 'cpu', micros: user + system, heapUsed: process.memoryUsage().heapUsed });
    } else if (message.cmd === 'stop') {
      await server.close().catch(() => undefined);
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'ready', port: server.port });
}

main().catch((error) => {
  const reason = String(error?.message ?? error);
  process.send?.({ type: reason.startsWith('not available') ? 'skipped' : 'failed', reason });
  process.exitCode = 1;
});
