'use strict';
/**
 * One MCP server of the comparison in its own process: `node server-process.js <server> <tool count>`. It tells
 * its parent the port once listening, then answers `cpu` with its `process.cpuUsage()` (µs, user + system) so that
 * the runner takes the server's CPU per call, not its own, profiles itself between `profile-start` and
 * `profile-stop` (profile.js), and exits on `stop`.
 */
const { createTools } = require('./tools');

const SERVERS = {
  library: () => require('./servers/library').startLibraryServer,
  // run.js --compare=<dist>: the same app on another build (BENCH_LIBRARY_DIST set for this process).
  'library-compare': () => require('./servers/library').startLibraryServer,
  'mcp-nest': () => require('./servers/mcp-nest/server').startMcpNestServer,
  sdk: () => require('./servers/sdk').startSdkServer,
  'sdk-lean': () => (tools) => require('./servers/sdk').startSdkServer(tools, { lean: true }),
};

// profile.js profiles the server under load only, not its start: the inspector's profiler, on request.
let profiler;
const post = (session, method) =>
  new Promise((resolve, reject) =>
    session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  );

async function main() {
  const [name, count] = process.argv.slice(2);
  const start = SERVERS[name]?.();
  if (!start) throw new Error(`unknown server ${name}; known: ${Object.keys(SERVERS).join(', ')}`);
  const server = await start(createTools(Number(count)));
  process.on('message', async (message) => {
    if (message.cmd === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ type: 'cpu', micros: user + system, heapUsed: process.memoryUsage().heapUsed });
    } else if (message.cmd === 'profile-start') {
      profiler = new (require('node:inspector').Session)();
      profiler.connect();
      await post(profiler, 'Profiler.enable');
      await post(profiler, 'Profiler.start');
      process.send({ type: 'profiling' });
    } else if (message.cmd === 'profile-stop') {
      const { profile } = await post(profiler, 'Profiler.stop');
      profiler.disconnect();
      require('node:fs').writeFileSync(message.file, JSON.stringify(profile));
      process.send({ type: 'profiled', file: message.file });
    } else if (message.cmd === 'stop') {
      await server.close().catch(() => undefined);
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'ready', port: server.port });
}

main().catch((error) => {
  // A peer that is not installed (bench/mcp/servers/mcp-nest has its own install: npm --prefix bench/mcp/servers/mcp-nest ci) skips the comparison.
  const missing = error?.code === 'MODULE_NOT_FOUND' || error?.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED';
  const reason = `${missing ? 'not available: ' : ''}${String(error?.message ?? error).split('\n')[0]}`;
  process.send?.({ type: reason.startsWith('not available') ? 'skipped' : 'failed', reason });
  process.exitCode = 1;
});
