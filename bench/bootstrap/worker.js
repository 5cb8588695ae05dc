'use strict';
/**
 * One cold bootstrap in a fresh process: build `toolCount` tool providers, then time the app's
 * createContext(providers) (Nest's scan, instantiation and init hooks) and the heap it leaves, between two full GCs.
 */
const { performance } = require('node:perf_hooks');
const { createToolProviders } = require('./tool-providers');

const [appFile, toolCount] = process.argv.slice(2);

async function main() {
  const app = require(appFile);
  const providers = createToolProviders(Number(toolCount));
  global.gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const context = await app.createContext(providers);
  const bootstrapMs = performance.now() - start;
  global.gc();
  const heapAfter = process.memoryUsage().heapUsed;
  await context.close();
  return { type: 'done', label: app.label, bootstrapMs, heapBytes: heapAfter - heapBefore };
}

main().then(
  (reply) => process.send(reply),
  (error) => {
    const reason = error?.message ?? String(error);
    process.send({
      type: /^not available\b/i.test(reason) ? 'skipped' : 'failed',
      reason: error?.stack ?? reason,
    });
  },
);
