'use strict';
/**
 * One cold bootstrap in a fresh process: build `toolCount` tool providers, then time the app's
 * createContext(providers) (Nest's scan, instantiation and init hooks), the CPU time it takes (the process's, GC threads
 * included: steadier than wall time on a busy machine) and the heap it leaves, between two full GCs.
 */
const { performance } = require('node:perf_hooks');
const { createToolProviders } = require('./tool-providers');

const [appFile, toolCount, schemas = 'shared'] = process.argv.slice(2);

async function main() {
  const app = require(appFile);
  const providers = createToolProviders(Number(toolCount), { distinctSchemas: schemas === 'distinct' });
  global.gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const context = await app.createContext(providers);
  const bootstrapMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  global.gc();
  const heapAfter = process.memoryUsage().heapUsed;
  await context.close();
  return {
    type: 'done',
    label: app.label,
    bootstrapMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    heapBytes: heapAfter - heapBefore,
  };
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
